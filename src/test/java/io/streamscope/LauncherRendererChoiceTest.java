package io.streamscope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The launcher asks JavaFX for its software pipeline at once where the machine has no GPU device (JavaFX would first
 * make a GL context on Mesa's software renderer and reject it), and leaves JavaFX's own order where it has one, where
 * the user chose one, and for the commands, which never load JavaFX.
 */
class LauncherRendererChoiceTest {

    private static final String SOFTWARE = "-Dprism.order=sw";

    @Test
    void theWindowGetsTheSoftwarePipelineOnlyWhereTheMachineHasNoGpuDevice(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        List<String> window = LauncherStandIn.options(image);
        assertEquals(!hasGpuDevice(), window.contains(SOFTWARE), "GPU device: " + hasGpuDevice() + ", " + window);
        assertEquals(window.contains(SOFTWARE), LauncherStandIn.options(image, "--presentation").contains(SOFTWARE));
        assertFalse(LauncherStandIn.options(image, "inspect", "sample-checkpoints/shop-totals-update").contains(SOFTWARE));
    }

    @Test
    void aUsersOwnPipelineOrderStands(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            List<String> options = LauncherStandIn.options(image, Map.of(variable, "-Xmx1g -Dprism.order=es2,sw"));
            assertFalse(options.stream().anyMatch(option -> option.startsWith("-Dprism.order")), variable + ": " + options);
        }
    }

    /** What the launcher looks for: a DRM device node, or an NVIDIA one. */
    private static boolean hasGpuDevice() throws IOException {
        Path dri = Path.of("/dev/dri");
        if (Files.isDirectory(dri)) {
            try (Stream<Path> nodes = Files.list(dri)) {
                if (nodes.findAny().isPresent()) {
                    return true;
                }
            }
        }
        try (Stream<Path> devices = Files.list(Path.of("/dev"))) {
            return devices.anyMatch(device -> device.getFileName().toString().startsWith("nvidia"));
        }
    }
}
