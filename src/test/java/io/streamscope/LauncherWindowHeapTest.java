package io.streamscope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher starts the window with Parallel GC and a young generation that holds what the window makes before its
 * first frame (where the machine has 2 GB of memory or more), in huge pages where the kernel gives them on request; the
 * commands keep their small first heap (inspect gets the huge pages too), and a user's own heap options stand (with
 * Serial GC, as on a small machine).
 */
class LauncherWindowHeapTest {

    private static final String FIRST_HEAP = "-Xms288m";
    private static final String YOUNG = "-XX:NewSize=224m";
    private static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    @Test
    void theWindowsYoungGenerationHoldsItsStart(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        List<String> window = LauncherStandIn.options(image);
        boolean roomy = memoryKb() >= 2L * 1024 * 1024;
        assertEquals(roomy, window.contains(FIRST_HEAP) && window.contains(YOUNG), "memory " + memoryKb() + " KB: " + window);
        assertEquals(!roomy, window.contains("-Xms64m"), window.toString());
        assertEquals(roomy, window.contains("-XX:+UseParallelGC") && window.contains("-XX:MaxNewSize=512m"), window.toString());
        assertEquals(!roomy, window.contains("-XX:+UseSerialGC"), window.toString());
        assertEquals(roomy, LauncherStandIn.options(image, "--presentation").contains(YOUNG));
    }

    @Test
    void hugePagesOnlyWhereTheKernelGivesThemOnRequest(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        boolean onRequest = transparentHugePages().contains("[madvise]");
        assertEquals(onRequest, LauncherStandIn.options(image).contains(HUGE_PAGES),
                "transparent_hugepage/enabled: " + transparentHugePages());
        List<String> inspect = LauncherStandIn.options(image, "inspect", "sample-checkpoints/shop-totals-update");
        assertEquals(onRequest, inspect.contains(HUGE_PAGES), inspect.toString());
        assertTrue(inspect.contains("-XX:NewSize=256m"), inspect.toString());
    }

    @Test
    void theCommandsKeepTheirSmallFirstHeap(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (String command : List.of("state", "doctor", "topic")) {
            List<String> options = LauncherStandIn.options(image, command, "sample-checkpoints/shop-totals-update");
            assertTrue(options.contains("-Xms64m"), command + ": " + options);
            assertFalse(options.contains(YOUNG) || options.contains(HUGE_PAGES), command + ": " + options);
        }
    }

    @Test
    void aUsersOwnHeapOptionsStand(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (String users : List.of("-Xmx200m", "-Xms1g", "-XX:MaxRAMPercentage=10", "-XX:NewSize=32m")) {
            for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
                List<String> options = LauncherStandIn.options(image, Map.of(variable, "-Dx=y " + users));
                assertFalse(options.stream().anyMatch(option -> option.startsWith("-Xms") || option.startsWith("-XX:NewSize")),
                        variable + "=" + users + ": " + options);
                assertTrue(options.contains("-XX:+UseSerialGC"), variable + "=" + users + ": " + options);
            }
        }
    }

    /** MemTotal in /proc/meminfo, as the launcher reads it. */
    private static long memoryKb() throws IOException {
        String first = Files.readAllLines(Path.of("/proc/meminfo")).get(0); // "MemTotal:       24683724 kB"
        return Long.parseLong(first.replaceAll("\\D", ""));
    }

    private static String transparentHugePages() {
        try {
            return Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
        } catch (IOException none) {
            return "";
        }
    }
}
