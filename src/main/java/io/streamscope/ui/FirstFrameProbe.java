package io.streamscope.ui;

import io.streamscope.ui.timeline.BatchTimeline;
import javafx.application.Platform;
import javafx.scene.Scene;


/**
 * {@code -Dstreamscope.firstFrame=exit}: the start-up probe of the benchmarks. Once the timeline has painted the
 * checkpoint's batches and the pulse after that frame has run, it prints how long after the process started that was,
 * and on a second line when the start's phases were reached ({@link #reached}) with the process's CPU time then, and
 * ends the app. Without the property it does nothing. The frame itself is whole on the screen a little later (0.08-0.17
 * s, seen by an X client polling the screen): the software pipeline hands its pixels to the window on the FX thread,
 * after that next pulse's work.
 */
final class FirstFrameProbe {

    static final String PROPERTY = "streamscope.firstFrame";

    private static final StringBuilder PHASES = new StringBuilder();

    private FirstFrameProbe() {
    }

    /** Notes that the start reached {@code phase} (main, the toolkit up, the window built, shown) when asked to. */
    static void reached(String phase) {
        if ("exit".equals(System.getProperty(PROPERTY))) {
            PHASES.append(PHASES.isEmpty() ? "" : ", ").append(phase).append(' ').append(sinceProcessStart())
                    .append(" ms (CPU ").append(processCpuMillis()).append(')');
        }
    }

    static void installIfAsked(Scene scene) {
        if (!"exit".equals(System.getProperty(PROPERTY))) {
            return;
        }
        boolean[] painted = {false};
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            if (painted[0]) {
                // This pulse follows the one that laid the batches out: that frame is painted (or being painted),
                // and its pixels go to the window once this pulse's work is done.
                scene.removePostLayoutPulseListener(check[0]);
                System.out.println("streamscope: first frame with the timeline " + sinceProcessStart()
                        + " ms after the process started");
                reached("first frame");
                System.out.println("streamscope: the start's phases: " + PHASES);
                Platform.exit();
                return;
            }
            if (scene.lookup("#batchTimeline") instanceof BatchTimeline timeline && !timeline.paintedColumns().isEmpty()) {
                painted[0] = true;
                Platform.requestNextPulse();
            }
        };
        scene.addPostLayoutPulseListener(check[0]);
    }

    /** The CPU time of the whole process (every thread: the JIT's and the renderer's too), in ms; -1 off Linux. */
    private static long processCpuMillis() {
        try {
            String[] fields = statFields();
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10; // utime + stime, USER_HZ 100
        } catch (java.io.IOException | RuntimeException notLinux) {
            return -1;
        }
    }

    /**
     * The fields of {@code /proc/self/stat} after the command's name (which is in parentheses and may hold spaces):
     * field 3 of proc(5) is the first.
     */
    private static String[] statFields() throws java.io.IOException {
        String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    /**
     * Milliseconds since this process started. On Linux from {@code /proc} (its start and the time now both counted
     * from boot, to 10 ms): {@code ProcessHandle}'s start instant adds the boot time, which Linux gives in whole
     * seconds, so its figure could be up to a second too long.
     */
    private static long sinceProcessStart() {
        try {
            long startTicks = Long.parseLong(statFields()[19]); // the start, field 22
            String uptime = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime"));
            double nowSeconds = Double.parseDouble(uptime.substring(0, uptime.indexOf(' ')));
            return Math.round(nowSeconds * 1000 - startTicks * 10.0); // USER_HZ: 100 on every Linux
        } catch (java.io.IOException | RuntimeException notLinux) {
            long started = ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli)
                    .orElse(System.currentTimeMillis());
            return System.currentTimeMillis() - started;
        }
    }
}
