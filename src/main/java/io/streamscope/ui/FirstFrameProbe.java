package io.streamscope.ui;

import io.streamscope.ui.timeline.BatchTimeline;
import javafx.application.Platform;
import javafx.scene.Scene;


/**
 * {@code -Dstreamscope.firstFrame=exit}: the start-up probe of the benchmarks. Once the timeline has painted the
 * checkpoint's batches and the frame with them has gone to the screen (the next pulse), it prints how long after the
 * process started that was and ends the app. Without the property it does nothing.
 */
final class FirstFrameProbe {

    static final String PROPERTY = "streamscope.firstFrame";

    private FirstFrameProbe() {
    }

    static void installIfAsked(Scene scene) {
        if (!"exit".equals(System.getProperty(PROPERTY))) {
            return;
        }
        boolean[] painted = {false};
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            if (painted[0]) {
                // This pulse follows the one that laid out and drew the batches: that frame has been rendered.
                scene.removePostLayoutPulseListener(check[0]);
                long started = ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(-1L);
                System.out.println("streamscope: first frame with the timeline " + (System.currentTimeMillis() - started)
                        + " ms after the process started");
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
}
