package io.streamscope.ui;

import io.streamscope.storage.TestHdfs;
import io.streamscope.storage.WriteFailingHdfs;
import io.streamscope.ui.timeline.TimelineBatch;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window opens a checkpoint on a real HDFS (the in-process MiniDFSCluster) by its URI: Open URI…, the URI and a
 * Hadoop setting (an HDFS client that fails on any write), Open; the batches, state and replay are the local sample's,
 * and the URI is in the recent list, whose entry opens it again.
 */
@ExtendWith(ApplicationExtension.class)
class RemoteCheckpointJourneyTest {

    private static final String REMOTE = "/window/shop-totals-update";

    private MainWindow window;

    @BeforeAll
    static void copySampleIntoHdfs() throws IOException {
        TestHdfs.copy(SAMPLES.resolve("shop-totals-update"), REMOTE);
        TestHdfs.copy(SAMPLES.resolve("topics"), "/window/topics");
    }

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget() {
        WaitForAsyncUtils.clearExceptions();
    }

    @Test
    void openUriReadsTheCheckpointFromHdfsAsLocally(FxRobot robot) throws Exception {
        WriteFailingHdfs.forget();
        String uri = TestHdfs.uri() + REMOTE;
        robot.clickOn("#openUriButton");
        WaitForAsyncUtils.waitForFxEvents();
        TextField uriField = robot.lookup("#uriField").queryAs(TextField.class);
        TextArea confArea = robot.lookup("#confArea").queryAs(TextArea.class);
        robot.interact(() -> {
            uriField.setText(uri);
            confArea.setText("spark.hadoop.fs.hdfs.impl=" + WriteFailingHdfs.class.getName() + "\n");
        });
        UiTestSupport.screenshot(robot, uriField.getScene(), "open-uri-dialog.png");
        robot.clickOn("#openUriOk");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> window.model().checkpoint().checkpointProperty().get() != null));
        UiTestSupport.awaitLoaded(window);

        assertEquals(List.of(0L, 1L, 2L), onFx(() -> window.model().timeline().batches().stream().map(TimelineBatch::id).toList()));
        Label path = robot.lookup("#checkpointPathLabel").queryAs(Label.class);
        assertEquals(uri, onFx(path::getText));
        Label title = robot.lookup("#checkpointTitleLabel").queryAs(Label.class);
        assertEquals("Totals per customer (update mode)", onFx(title::getText), "the sidecar, read from HDFS");
        TableView<?> state = robot.lookup("#stateTable").queryTableView();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(() -> state.getItems().size()) == 3);
        UiTestSupport.awaitReplay(window);
        TableView<?> input = robot.lookup("#inputTable").queryTableView();
        assertEquals(7, onFx(() -> input.getItems().size()), "every input row up to batch 2, the topic read from HDFS");
        assertEquals(List.of(), WriteFailingHdfs.attempts());
        UiTestSupport.screenshot(robot, window.scene(), "remote-checkpoint-hdfs.png");

        MenuButton recent = robot.lookup("#recentMenu").queryAs(MenuButton.class);
        List<String> items = onFx(() -> recent.getItems().stream().map(MenuItem::getText).toList());
        assertTrue(items.get(0).startsWith("shop-totals-update") && items.get(0).endsWith(uri), items.toString());
        assertEquals(uri, onFx(() -> window.model().recent().locations().get(0)));

        robot.interact(() -> window.model().open(SAMPLES.resolve("shop-copy-crash")));
        UiTestSupport.awaitLoaded(window);
        robot.interact(() -> recent.getItems().stream().filter(item -> item.getText().endsWith(uri)).findFirst()
                .orElseThrow().fire());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> uri.equals(path.getText())
                && window.model().checkpoint().checkpointProperty().get() != null));
        UiTestSupport.awaitLoaded(window);
        assertEquals(3, onFx(() -> window.model().timeline().batches().size()), "reopened from the recent list");
        assertEquals(List.of(), WriteFailingHdfs.attempts());
    }

    @Test
    void aSchemeWithoutItsConnectorSaysHowToGetIt(FxRobot robot) throws Exception {
        robot.clickOn("#openUriButton");
        WaitForAsyncUtils.waitForFxEvents();
        TextField uriField = robot.lookup("#uriField").queryAs(TextField.class);
        robot.interact(() -> uriField.setText("gs://bucket/chk/orders"));
        robot.clickOn("#openUriOk");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !onFx(window.viewModel()::isLoading)
                && onFx(() -> window.viewModel().statusProperty().get()).startsWith("Could not open"));
        String status = onFx(() -> window.viewModel().statusProperty().get());
        assertTrue(status.contains("GCS connector") && status.contains("plugins"), status);
        assertFalse(onFx(() -> window.viewModel().findings().isEmpty()));
    }
}
