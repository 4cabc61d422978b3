package io.streamscope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A collector the user names in JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS is theirs: the JVM refuses to start with two, so
 * the launcher names none for the window or any command, and sizes no heap for one.
 */
class LauncherUsersCollectorTest {

    private static final List<List<String>> STARTS = List.of(List.of(), List.of("inspect", "sample-checkpoints/shop-totals-update"),
            List.of("replay", "sample-checkpoints/shop-totals-update"), List.of("state", "sample-checkpoints/shop-totals-update"));

    @Test
    void aUsersCollectorStandsAlone(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            for (List<String> start : STARTS) {
                List<String> options = LauncherStandIn.options(image, Map.of(variable, "-Dx=* -XX:+UseG1GC"),
                        start.toArray(String[]::new));
                assertFalse(options.stream().anyMatch(option -> option.matches("-XX:\\+Use\\w*GC")
                        || option.startsWith("-Xms") || option.contains("NewSize") || option.contains("RAMPercentage")
                        || option.contains("TransparentHugePages")), variable + " " + start + ": " + options);
                assertTrue(options.contains("io.streamscope.Launcher"), options.toString());
            }
        }
    }

    @Test
    void optionsThatOnlyMentionACollectorKeepTheLaunchersOwn(@TempDir Path dir) throws Exception {
        Path image = LauncherStandIn.image(dir);
        List<String> options = LauncherStandIn.options(image,
                Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseGCOverheadLimit -XX:-UseG1GC -Xlog:gc"), "state", "x");
        assertEquals(1, options.stream().filter(option -> option.matches("-XX:\\+Use\\w*GC")).count(), options.toString());
    }
}
