package io.streamscope.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The window on the shop sample ({@code shop-totals-update}, opened by default from the project folder), from process
 * start to the first frame showing the timeline: the app image's {@code bin/streamscope} and {@code java -jar}, each
 * with {@code -Dstreamscope.firstFrame=exit} (the app prints when that frame is out, how long after the process
 * started, and ends; see {@code ui.FirstFrameProbe}), settings in memory. Seven runs alternating; the first frame as
 * the app printed it (target: ≤ 1.5 s from the app image) and, beside it, the whole process's wall time, the JVM's
 * exit and JavaFX's shutdown included. Needs a display: run it under Xvfb.
 * Run after {@code mvn -B -o -q -Pdist package -DskipTests}:
 * {@code xvfb-run -a mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.WindowStartupBench}
 */
public final class WindowStartupBench {

    private static final int RUNS = 7;
    private static final String OPTIONS = "-Dstreamscope.firstFrame=exit -Dstreamscope.settings=memory";

    private WindowStartupBench() {
    }

    public static void main(String[] args) throws Exception {
        if (System.getenv("DISPLAY") == null) {
            System.out.println("WindowStartupBench: no display; run it under xvfb-run -a");
            return;
        }
        List<Long> imageMs = new ArrayList<>();
        List<Long> imageFrameMs = new ArrayList<>();
        List<Long> jarMs = new ArrayList<>();
        List<Long> jarFrameMs = new ArrayList<>();
        boolean image = Files.isExecutable(WholeProcess.IMAGE);
        File log = Files.createTempFile("streamscope-window", ".txt").toFile();
        try {
            for (int run = 0; run < RUNS; run++) {
                if (image) {
                    // the launcher takes no JVM options; the JVM reads them from JAVA_TOOL_OPTIONS
                    imageMs.add(WholeProcess.run(WholeProcess.image(), log, new File("."), Map.of("JAVA_TOOL_OPTIONS", OPTIONS)).millis());
                    imageFrameMs.add(firstFrame(log));
                }
                List<String> jar = new ArrayList<>(List.of("java"));
                jar.addAll(List.of(OPTIONS.split(" ")));
                jar.addAll(List.of("-jar", "target/streamscope.jar"));
                jarMs.add(WholeProcess.run(jar, log).millis());
                jarFrameMs.add(firstFrame(log));
            }
        } finally {
            Files.deleteIfExists(log.toPath());
        }
        System.out.printf("window on shop-totals-update, medians of %d (min–max): the first frame with the timeline after"
                + " the process started (what the user waits for), and the whole process, the JVM's exit included%n", RUNS);
        if (image) {
            System.out.printf("  app image  first frame %s · whole process %s%n", WholeProcess.seconds(imageFrameMs),
                    WholeProcess.seconds(imageMs));
        } else {
            System.out.println("  app image  not built (mvn -B -Pdist package -DskipTests)");
        }
        System.out.printf("  java -jar  first frame %s · whole process %s%n", WholeProcess.seconds(jarFrameMs),
                WholeProcess.seconds(jarMs));
        System.out.println("  target: ≤ 1.5 s from the app image");
    }

    /** The probe's figure: {@code streamscope: first frame with the timeline N ms after the process started}. */
    private static long firstFrame(File log) throws java.io.IOException {
        java.util.regex.Matcher figure = java.util.regex.Pattern.compile("first frame with the timeline (\\d+) ms")
                .matcher(Files.readString(log.toPath()));
        if (!figure.find()) {
            throw new IllegalStateException("the window printed no first frame: " + Files.readString(log.toPath()));
        }
        return Long.parseLong(figure.group(1));
    }
}
