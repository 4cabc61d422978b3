package io.streamscope.ui.follow;

import io.streamscope.follow.HdfsDestination;
import io.streamscope.follow.SparkWrites;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.storage.TestHdfs;
import io.streamscope.storage.WriteFailingHdfs;
import io.streamscope.ui.Finding;
import io.streamscope.ui.MainWindow;
import io.streamscope.ui.UiTestSupport;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Follow mode on a checkpoint on the in-process HDFS, opened by its URI through an HDFS client that fails on any
 * write, while the test lays the real sample there through Hadoop's client as Spark does: #followToggle polls (HDFS
 * has no watch service), each new batch joins the timeline, a commit whose temp file is half-written and still open
 * is no batch's commit yet and no problem, and nothing is written.
 */
@ExtendWith(ApplicationExtension.class)
class FollowOnHdfsJourneyTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void stopFollowing(FxRobot robot) {
        robot.interact(() -> window.model().follow().followingProperty().set(false));
    }

    @Test
    void theTimelineGrowsAsSparkWritesIntoHdfs(FxRobot robot) throws Exception {
        String folder = "/follow-" + System.nanoTime();
        TestHdfs.copy(SAMPLES.resolve("topics"), folder + "/topics"); // the sidecar's ../topics
        SparkWrites spark = new SparkWrites(SAMPLES.resolve("shop-totals-update"),
                new HdfsDestination(TestHdfs.client(), folder + "/orders-live"));
        spark.start();
        spark.batch(0);
        WriteFailingHdfs.forget();
        Path checkpoint = Locations.open(TestHdfs.uri() + folder + "/orders-live",
                HadoopSettings.parse(List.of("fs.hdfs.impl=" + WriteFailingHdfs.class.getName())));
        UiTestSupport.open(robot, window, checkpoint);
        UiTestSupport.awaitReplay(window);
        assertEquals(List.of(0L), FollowJourneys.painted(robot));

        robot.clickOn("#followToggle");
        FollowJourneys.await(() -> window.model().follow().statusProperty().get().contains("polling"));

        spark.plan(1);
        FollowJourneys.await(() -> window.model().timeline().batches().size() == 2);
        assertFalse(onFx(() -> FollowJourneys.committed(window, 1)), "planned, not committed yet");
        spark.state(1);
        spark.halfWritten("commits/1"); // the temp file open with half its bytes
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS); // polls happen meanwhile; only what they show is asserted
        assertFalse(onFx(() -> FollowJourneys.committed(window, 1)), "a commit still being written is no commit");
        spark.finish("commits/1");
        FollowJourneys.await(() -> FollowJourneys.committed(window, 1));

        spark.batch(2);
        FollowJourneys.await(() -> FollowJourneys.committed(window, 2));
        assertEquals(List.of(0L, 1L, 2L), FollowJourneys.painted(robot), "the timeline grew");
        FollowJourneys.await(() -> window.model().state().stores().stream()
                .anyMatch(store -> store.store().versions().contains(3L)));
        UiTestSupport.awaitIdle(window);
        List<Finding> findings = onFx(() -> List.copyOf(window.viewModel().findings()));
        assertFalse(findings.stream().anyMatch(finding -> finding.kind() != Finding.Kind.NOTE),
                "a file caught mid-write raises no problem: " + findings);
        assertEquals(List.of(), WriteFailingHdfs.attempts());
        assertTrue(onFx(() -> window.model().follow().isFollowing()));
    }
}
