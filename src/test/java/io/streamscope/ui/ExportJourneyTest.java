package io.streamscope.ui;

import io.streamscope.ui.export.Exporter;
import io.streamscope.ui.export.TableCsv;
import javafx.concurrent.Task;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A PNG of the window and a CSV of a table, written to the user's file and never into the checkpoint. */
@ExtendWith(ApplicationExtension.class)
class ExportJourneyTest {

    private MainWindow window;
    private final List<String> reports = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) throws IOException {
        window = UiTestSupport.showWindow(stage);
    }

    @AfterEach
    void forget() {
        WaitForAsyncUtils.clearExceptions();
    }

    private Exporter exporter(Path checkpoint) {
        return new Exporter(window.model().activity(), () -> checkpoint, reports::add);
    }

    private static void await(Task<?> task) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, task::isDone);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void thePngIsTheWindowAndTheCsvIsTheTable(FxRobot robot, @TempDir Path out) throws Exception {
        Path checkpoint = SAMPLES.resolve("shop-totals-update").toAbsolutePath();
        UiTestSupport.open(robot, window, checkpoint);
        Exporter exporter = exporter(checkpoint);

        AtomicReference<Task<Path>> png = new AtomicReference<>();
        robot.interact(() -> png.set(exporter.writePng(window.scene(), out.resolve("view.png"))));
        await(png.get());
        BufferedImage image = ImageIO.read(out.resolve("view.png").toFile());
        assertNotNull(image, "a readable PNG");
        assertEquals((int) window.scene().getWidth(), image.getWidth());
        assertEquals((int) window.scene().getHeight(), image.getHeight());
        assertTrue(reports.get(0).startsWith("Saved the picture to "), reports.toString());

        UiTestSupport.showTab(robot, window, "confTab");
        TableView<?> conf = robot.lookup("#confTable").queryTableView();
        AtomicReference<Task<Path>> csv = new AtomicReference<>();
        robot.interact(() -> csv.set(exporter.writeCsv(TableCsv.of(conf), out.resolve("conf.csv"))));
        await(csv.get());
        List<String> lines = Files.readAllLines(out.resolve("conf.csv"));
        assertEquals("Key,Value", lines.get(0));
        assertTrue(lines.contains("spark.sql.shuffle.partitions,2"), lines.toString());

        TableView<?> state = robot.lookup("#stateTable").queryTableView();
        robot.interact(() -> csv.set(exporter.writeCsv(TableCsv.of(state), out.resolve("state.csv"))));
        await(csv.get());
        List<String> stateLines = Files.readAllLines(out.resolve("state.csv"));
        assertEquals("Part.,Change,customer_id,sum,isEmpty", stateLines.get(0), "a column per key and value field");
        assertEquals(4, stateLines.size(), stateLines.toString());
        screenshot(robot, window.scene(), "exported.png");
    }

    @Test
    void anExportIntoTheCheckpointIsRefused(FxRobot robot, @TempDir Path temp) throws Exception {
        Path copy = DebuggerJourneyTest.copy(SAMPLES.resolve("shop-copy-crash"), temp.resolve("copy"));
        UiTestSupport.open(robot, window, copy);
        Exporter exporter = exporter(copy);

        AtomicReference<Task<Path>> png = new AtomicReference<>();
        robot.interact(() -> png.set(exporter.writePng(window.scene(), copy.resolve("offsets/view.png"))));
        await(png.get());
        assertFalse(Files.exists(copy.resolve("offsets/view.png")));
        assertTrue(reports.get(reports.size() - 1).contains("never writes into a checkpoint folder"), reports.toString());
        screenshot(robot, window.scene(), "export-refused.png");
    }

    @Test
    void everyTableOffersExportAsCsvOnItsContextMenu(FxRobot robot) throws Exception {
        UiTestSupport.open(robot, window, SAMPLES.resolve("shop-totals-update"));
        TabPane inspector = robot.lookup("#inspectorTabs").queryAs(TabPane.class);
        robot.interact(() -> inspector.getSelectionModel().select(2)); // Conf
        WaitForAsyncUtils.waitForFxEvents();
        UiTestSupport.showTab(robot, window, "confTab");
        TableView<?> conf = robot.lookup("#confTable").queryTableView();

        robot.rightClickOn(conf);
        WaitForAsyncUtils.waitForFxEvents();
        ContextMenu menu = onFx(conf::getContextMenu);
        assertNotNull(menu);
        assertEquals("Export as CSV…", onFx(() -> menu.getItems().get(0).getText()));
        screenshot(robot, window.scene(), "table-context-menu.png");
        robot.interact(menu::hide);
    }
}
