package io.streamscope.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The window on the shop sample ({@code shop-totals-update}, opened by default from the project folder), from process
 * start to the first frame showing the timeline: the app image's {@code bin/streamscope} and {@code java -jar}, each
 * with {@code -Dstreamscope.firstFrame=exit} (the app prints when that frame is out and ends; see
 * {@code ui.FirstFrameProbe}), settings in memory. Seven runs alternating. The first frame as this benchmark sees it
 * (from starting the process to the probe's line arriving on its standard output: what the user waits for; target
 * ≤ 1.5 s from the app image), the app's own figure beside it, and the whole process's wall time, the JVM's exit and
 * JavaFX's shutdown included. Needs a display: run it under Xvfb.
 * The display is held open for the whole run, and one start of each is made first and not counted, as on a desktop,
 * whose X server lives on between starts with the window manager and other clients connected: under {@code xvfb-run}
 * the server resets whenever its last client leaves, and drops what GTK keeps on it, GDK's choice of visuals (a root
 * window property that GDK finds by starting Mesa's OpenGL on the first start, 0.1-0.2 s).
 * Run after {@code mvn -B -o -q -Pdist package -DskipTests}:
 * {@code xvfb-run -a -s "-screen 0 1280x1024x24" mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.WindowStartupBench}
 */
public final class WindowStartupBench {

    private static final int RUNS = 7;
    private static final String OPTIONS = "-Dstreamscope.firstFrame=exit -Dstreamscope.settings=memory";
    private static final Pattern FIGURE = Pattern.compile("first frame with the timeline (\\d+) ms");
    private static final Pattern PHASES = Pattern.compile("the start's phases: (.*)");

    private WindowStartupBench() {
    }

    /**
     * One window: milliseconds until its first frame's line arrived, the app's own figure, the whole process, and the
     * app's line of its start's phases.
     */
    private record Opened(long seenMs, long probeMs, long wholeMs, String phases) {
    }

    private static final class Figures {
        final List<Long> seen = new ArrayList<>();
        final List<Long> probe = new ArrayList<>();
        final List<Long> whole = new ArrayList<>();
        final List<Opened> runs = new ArrayList<>();

        void add(Opened opened) {
            runs.add(opened);
            seen.add(opened.seenMs());
            probe.add(opened.probeMs());
            whole.add(opened.wholeMs());
        }

        String line() {
            return "first frame " + WholeProcess.seconds(seen) + " (the app's own figure " + WholeProcess.seconds(probe)
                    + ") · whole process " + WholeProcess.seconds(whole);
        }

        /** The phases of the run whose own figure is the median's (or the next above it). */
        String medianPhases() {
            List<Opened> sorted = runs.stream().sorted(java.util.Comparator.comparingLong(Opened::probeMs)).toList();
            return sorted.get(sorted.size() / 2).phases();
        }
    }

    public static void main(String[] args) throws Exception {
        if (System.getenv("DISPLAY") == null) {
            System.out.println("WindowStartupBench: no display; run it under xvfb-run -a");
            return;
        }
        holdDisplay();
        boolean image = java.nio.file.Files.isExecutable(WholeProcess.IMAGE);
        Figures imageFigures = new Figures();
        Figures jarFigures = new Figures();
        List<String> jar = new ArrayList<>(List.of("java"));
        jar.addAll(List.of(OPTIONS.split(" ")));
        jar.addAll(List.of("-jar", "target/streamscope.jar"));
        if (image) {
            open(WholeProcess.image(), Map.of("JAVA_TOOL_OPTIONS", OPTIONS)); // not counted: see the class comment
        }
        open(jar, Map.of());
        for (int run = 0; run < RUNS; run++) {
            if (image) {
                // the launcher takes no JVM options; the JVM reads them from JAVA_TOOL_OPTIONS
                imageFigures.add(open(WholeProcess.image(), Map.of("JAVA_TOOL_OPTIONS", OPTIONS)));
            }
            jarFigures.add(open(jar, Map.of()));
        }
        System.out.printf("window on shop-totals-update, medians of %d (min–max): the first frame with the timeline after"
                + " the process started (what the user waits for), and the whole process, the JVM's exit included%n", RUNS);
        if (image) {
            System.out.println("  app image  " + imageFigures.line());
            System.out.println("    its median run's phases, after the process started: " + imageFigures.medianPhases());
        } else {
            System.out.println("  app image  not built (mvn -B -Pdist package -DskipTests)");
        }
        System.out.println("  java -jar  " + jarFigures.line());
        System.out.println("  target: ≤ 1.5 s from the app image");
    }

    /**
     * Connects to the display (AWT's connection, kept until this JVM ends) so that the X server does not reset between
     * the starts measured.
     */
    private static void holdDisplay() {
        try {
            java.awt.Dimension screen = java.awt.Toolkit.getDefaultToolkit().getScreenSize();
            System.out.println("WindowStartupBench: display " + System.getenv("DISPLAY") + " held open (" + screen.width
                    + "×" + screen.height + ")");
        } catch (java.awt.AWTError | UnsupportedOperationException unreachable) { // HeadlessException is one
            System.out.println("WindowStartupBench: could not hold the display open (" + unreachable
                    + "); under xvfb-run each start may pay for a reset server");
        }
    }

    /** Starts the window and times the probe's line on its standard output, then the process's end. */
    private static Opened open(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process = builder.start();
        long seen = -1;
        long probe = -1;
        String phases = "(none printed)";
        StringBuilder output = new StringBuilder();
        try (BufferedReader lines = process.inputReader()) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Matcher figure = FIGURE.matcher(line);
                if (seen < 0 && figure.find()) {
                    seen = (System.nanoTime() - start) / 1_000_000;
                    probe = Long.parseLong(figure.group(1));
                }
                Matcher phasesLine = PHASES.matcher(line);
                if (phasesLine.find()) {
                    phases = phasesLine.group(1);
                }
                output.append(line).append('\n');
            }
        }
        int exit = process.waitFor();
        long whole = (System.nanoTime() - start) / 1_000_000;
        if (exit != 0 || seen < 0) {
            throw new IllegalStateException("the window exited " + exit + " without its first frame: " + output);
        }
        return new Opened(seen, probe, whole, phases);
    }
}
