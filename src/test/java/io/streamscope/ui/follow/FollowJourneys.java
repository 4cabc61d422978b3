package io.streamscope.ui.follow;

import io.streamscope.ui.MainWindow;
import io.streamscope.ui.timeline.BatchTimeline;
import io.streamscope.ui.timeline.PaintedColumn;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;

/** What the follow journeys (a local folder, HDFS) ask of the window. */
final class FollowJourneys {

    private FollowJourneys() {
    }

    /** Until {@code condition} holds on the FX thread (at most 30 s: a poll on a remote store backs off). */
    static void await(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(condition));
    }

    /** The batch ids the timeline has drawn. */
    static List<Long> painted(FxRobot robot) throws Exception {
        BatchTimeline timeline = robot.lookup("#batchTimeline").queryAs(BatchTimeline.class);
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> timeline.paintedColumns().stream().map(PaintedColumn::batchId).toList());
    }

    /** On the FX thread: whether the timeline has batch {@code id}, committed. */
    static boolean committed(MainWindow window, long id) {
        return window.model().timeline().batches().stream().anyMatch(batch -> batch.id() == id && batch.batch().committed());
    }
}
