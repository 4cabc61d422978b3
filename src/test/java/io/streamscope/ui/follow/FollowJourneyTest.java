package io.streamscope.ui.follow;

import io.streamscope.follow.SparkWrites;
import io.streamscope.replay.lag.Lag;
import io.streamscope.ui.Finding;
import io.streamscope.ui.MainWindow;
import io.streamscope.ui.UiTestSupport;
import io.streamscope.ui.replay.ReplayOutcome;
import io.streamscope.ui.state.StoreChoice;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Follow mode on a real Spark checkpoint (shop-totals-update) that the test writes into an empty folder file by file
 * as Spark does, while the window shows it: #followToggle on, each new batch joins the timeline; the selection
 * follows the end while it is there and stays put once the user picks an older batch; a commit refreshes the state
 * and the lag; a half-written offsets file is no problem; F5 turns follow mode off.
 */
@ExtendWith(ApplicationExtension.class)
class FollowJourneyTest {

    @TempDir
    Path temp;

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void stopFollowing(FxRobot robot) {
        robot.interact(() -> window.model().follow().followingProperty().set(false));
    }

    private long selectedId() throws Exception {
        return onFx(() -> window.model().timeline().getSelectedBatch().id());
    }

    /** The lag the replay measured, after which batch (the topic's end against that batch's offsets). */
    private Long lagAfter() {
        ReplayOutcome outcome = window.model().replay().getOutcome();
        return outcome == null ? null : outcome.lag().map(Lag::batchId).orElse(null);
    }

    @Test
    void newBatchesJoinTheTimelineAsSparkWritesThem(FxRobot robot) throws Exception {
        Path checkpoint = temp.resolve("orders-live");
        Files.createDirectories(temp.resolve("topics"));
        Files.copy(SAMPLES.resolve("topics/orders.jsonl"), temp.resolve("topics/orders.jsonl")); // the sidecar's ../topics
        SparkWrites spark = new SparkWrites(SAMPLES.resolve("shop-totals-update"), checkpoint);
        spark.start();
        spark.batch(0);
        UiTestSupport.open(robot, window, checkpoint);
        UiTestSupport.awaitReplay(window);
        assertEquals(List.of(0L), FollowJourneys.painted(robot));

        robot.clickOn("#followToggle");
        assertTrue(robot.lookup("#followToggle").queryAs(ToggleButton.class).isSelected());
        FollowJourneys.await(() -> window.model().follow().statusProperty().get().contains("file watcher"));

        spark.plan(1);
        FollowJourneys.await(() -> window.model().timeline().batches().size() == 2);
        assertEquals(List.of(0L, 1L), FollowJourneys.painted(robot), "the new batch is drawn");
        assertEquals(1, selectedId(), "the selection was at the end: it follows the end");
        assertFalse(onFx(() -> FollowJourneys.committed(window, 1)), "planned, not committed yet");

        spark.state(1);
        spark.commit(1);
        FollowJourneys.await(() -> FollowJourneys.committed(window, 1));
        FollowJourneys.await(() -> window.model().state().stores().stream().map(StoreChoice::store)
                .anyMatch(store -> store.versions().contains(2L)));
        FollowJourneys.await(() -> Long.valueOf(1).equals(lagAfter()) && !window.model().replay().isRunning());

        robot.interact(() -> window.model().timeline().select(0)); // the user goes back to look at batch 0
        UiTestSupport.awaitIdle(window);
        spark.halfWritten("offsets/2"); // a store without atomic rename, mid-write
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS); // polls happen meanwhile; only what they show is asserted
        assertEquals(2, onFx(() -> window.model().timeline().batches().size()), "half an offsets file is no batch yet");
        spark.finish("offsets/2");
        spark.state(2);
        spark.commit(2);
        FollowJourneys.await(() -> FollowJourneys.committed(window, 2));
        assertEquals(List.of(0L, 1L, 2L), FollowJourneys.painted(robot));
        assertEquals(0, selectedId(), "the user's batch stays selected");
        FollowJourneys.await(() -> Long.valueOf(2).equals(lagAfter()) && !window.model().replay().isRunning());
        UiTestSupport.awaitIdle(window);
        List<Finding> findings = onFx(() -> List.copyOf(window.viewModel().findings()));
        assertFalse(findings.stream().anyMatch(finding -> finding.kind() != Finding.Kind.NOTE),
                "a file caught mid-write raises no problem: " + findings);
        FollowJourneys.await(() -> window.model().state().summaryProperty().get().contains("after batch 0"));

        UiTestSupport.screenshot(robot, window.scene(), "follow-mode.png");
        robot.press(KeyCode.F5).release(KeyCode.F5);
        assertFalse(onFx(() -> window.model().follow().isFollowing()), "F5 turns follow mode off");
        assertFalse(robot.lookup("#followToggle").queryAs(ToggleButton.class).isSelected());
    }
}
