package io.streamscope.ui;

import io.streamscope.doctor.Finding;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
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
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The doctor in the window: its tab lists what a restart would meet (a crash's uncommitted batch is only info: no
 * badge), a damaged copy brings the badge with its error, a click on a finding selects its batch, and the handover
 * shows where a new checkpoint resumes with a snippet Copy puts on the clipboard.
 */
@ExtendWith(ApplicationExtension.class)
class DoctorJourneyTest {

    private static final Path CRASH = SAMPLES.resolve("shop-copy-crash");

    private MainWindow window;

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget(FxRobot robot) {
        robot.interact(() -> window.model().playback().pause());
        WaitForAsyncUtils.clearExceptions();
    }

    /** Opens the folder and waits for the doctor's run on it (the newest published). */
    private void openAndExamine(FxRobot robot, Path folder) throws Exception {
        int before = onFx(() -> window.model().doctor().publishedProperty().get());
        UiTestSupport.open(robot, window, folder);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(() -> window.model().doctor().publishedProperty().get() > before));
        UiTestSupport.awaitIdle(window);
    }

    @SuppressWarnings("unchecked")
    private ListView<Finding> doctorList(FxRobot robot) {
        return robot.lookup("#doctorList").queryAs(ListView.class);
    }

    private Tab doctorTab(TabPane inspector) throws Exception {
        return onFx(() -> inspector.getTabs().stream().filter(tab -> "doctorTab".equals(tab.getId())).findFirst()
                .orElseThrow());
    }

    @Test
    void theDoctorTabListsFindingsTheBadgeSaysErrorsAndTheHandoverCopies(FxRobot robot, @TempDir Path temp)
            throws Exception {
        openAndExamine(robot, CRASH);
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        Tab tab = doctorTab(inspector);
        robot.interact(() -> inspector.getSelectionModel().select(tab));
        WaitForAsyncUtils.waitForFxEvents();

        ListView<Finding> list = doctorList(robot);
        List<Finding> findings = onFx(() -> List.copyOf(list.getItems()));
        assertTrue(findings.stream().anyMatch(f -> f.id().equals("uncommitted-batch")
                && f.severity() == Finding.Severity.INFO && Long.valueOf(2).equals(f.batchId())), findings.toString());
        assertTrue(findings.stream().noneMatch(f -> f.severity() != Finding.Severity.INFO),
                "a crash is normal Spark behaviour: " + findings);
        Button badge = robot.lookup("#doctorBadge").queryAs(Button.class);
        assertFalse(onFx(badge::isVisible), "no error, no warning: no badge");

        // the cell says severity, id, message and fix; a click selects the finding's batch
        robot.interact(() -> window.model().timeline().requestBatch(0));
        int index = findings.indexOf(findings.stream().filter(f -> f.id().equals("uncommitted-batch")).findFirst()
                .orElseThrow());
        ListCell<?> cell = onFx(() -> list.lookupAll(".doctor-finding").stream()
                .map(node -> (ListCell<?>) node).filter(c -> c.getIndex() == index).findFirst().orElseThrow());
        List<String> texts = onFx(() -> cell.lookupAll(".label").stream().map(node -> ((Label) node).getText())
                .toList());
        assertTrue(texts.contains("ℹ info") && texts.contains("uncommitted-batch")
                && texts.stream().anyMatch(text -> text.startsWith("Fix: "))
                && texts.stream().anyMatch(text -> text.contains("batch 2")), texts.toString());
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2L, onFx(() -> window.model().timeline().getSelectedBatch().id()), "the click selects batch 2");

        // the handover: where a new checkpoint resumes, as Spark's JSON text, and the snippet in the job's language
        Label options = robot.lookup("#handoverOptions0").queryAs(Label.class);
        String optionsText = onFx(options::getText);
        assertTrue(optionsText.contains("startingOffsets = {\"orders\":{\"0\":5}}"), optionsText);
        TextArea snippetArea = robot.lookup("#handoverSnippet").queryAs(TextArea.class);
        String snippet = onFx(snippetArea::getText);
        assertTrue(snippet.contains(".option(\"startingOffsets\", '{\"orders\":{\"0\":5}}')"),
                "python, the job's language: " + snippet);
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.clickOn("#copyHandoverButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(snippet, onFx(() -> Clipboard.getSystemClipboard().getString()), "Copy puts the snippet there");
        screenshot(robot, window.scene(), "doctor-crash.png");

        // a damaged copy: a delta the restart needs is gone
        Path damaged = DebuggerJourneyTest.copy(SAMPLES.resolve("shop-totals-update"), temp.resolve("damaged"));
        Files.delete(damaged.resolve("state/0/1/2.delta"));
        robot.interact(() -> inspector.getSelectionModel().select(0));
        openAndExamine(robot, damaged);
        List<Finding> found = onFx(() -> List.copyOf(list.getItems()));
        assertTrue(found.stream().anyMatch(f -> f.id().equals("state-unrecoverable")
                && f.severity() == Finding.Severity.ERROR), found.toString());
        assertTrue(onFx(badge::isVisible), "an error: the badge shows");
        String badgeText = onFx(badge::getText);
        assertTrue(badgeText.startsWith("1 error"), badgeText);
        assertTrue(onFx(() -> badge.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("error"))),
                "styled as an error");

        // the badge opens the inspector on the Doctor tab, even when the inspector is hidden
        robot.interact(() -> window.model().display().inspectorShownProperty().set(false));
        robot.clickOn(badge);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> window.model().display().inspectorShownProperty().get()), "the inspector opens");
        assertEquals("doctorTab", onFx(() -> inspector.getSelectionModel().getSelectedItem().getId()));
        Node shown = onFx(() -> inspector.getScene() == null ? null : inspector);
        assertTrue(shown != null, "the inspector is in the window");
        screenshot(robot, window.scene(), "doctor-damaged.png");
    }
}
