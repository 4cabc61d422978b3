package io.streamscope.bench;

import javafx.application.Platform;
import javafx.scene.Scene;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An action on the FX thread and the pulse that follows it, timed as the window lives them: the scene's own CSS and
 * layout passes (which touch what the action made dirty, as after a key press), not {@code applyCss()} on the root,
 * which restyles every node of the window whatever changed (5 ms a step on the replay window, with nothing changed).
 */
final class FxPulse {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /**
     * @param actionNanos the action's wall time
     * @param passesNanos the pulse's CSS and layout passes, wall time (between its pre- and post-layout listeners)
     * @param cpuNanos    the FX thread's CPU time for the action and the whole pulse: CSS, layout, the scene's
     *                    synchronization for the renderer, and whatever else ran on the thread in between
     */
    record Timing(long actionNanos, long passesNanos, long cpuNanos) {
    }

    private FxPulse() {
    }

    static Timing after(Scene scene, Runnable action) throws Exception {
        CompletableFuture<Timing> timing = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                long cpuStart = CPU.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                action.run();
                long acted = System.nanoTime();
                long[] passesStart = new long[1];
                Runnable[] listeners = new Runnable[2];
                listeners[0] = () -> {
                    scene.removePreLayoutPulseListener(listeners[0]);
                    passesStart[0] = System.nanoTime();
                };
                listeners[1] = () -> {
                    scene.removePostLayoutPulseListener(listeners[1]);
                    long passesEnd = System.nanoTime();
                    // runs once the pulse is over: its synchronization of the scene for the renderer included
                    Platform.runLater(() -> timing.complete(new Timing(acted - start, passesEnd - passesStart[0],
                            CPU.getCurrentThreadCpuTime() - cpuStart)));
                };
                scene.addPreLayoutPulseListener(listeners[0]);
                scene.addPostLayoutPulseListener(listeners[1]);
                Platform.requestNextPulse();
            } catch (Throwable e) {
                timing.completeExceptionally(e);
            }
        });
        return timing.get(5, TimeUnit.MINUTES);
    }
}
