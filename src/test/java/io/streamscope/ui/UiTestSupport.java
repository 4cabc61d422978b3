package io.streamscope.ui;

import io.streamscope.ui.export.PngImage;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.ui.timeline.BatchTimeline;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the UI journeys share: building the window, waiting for reads, reading FX state, screenshots. */
public final class UiTestSupport {

    public static final Path SAMPLES = Path.of("sample-checkpoints");
    public static final Path FIXTURES = Path.of("src/test/resources/spark-conformance");

    private UiTestSupport() {
    }

    /** The window as the app builds it, with settings kept in memory. */
    public static MainWindow showWindow(Stage stage) throws IOException {
        MainWindow window = MainWindow.create(WindowModel.create(RecentFolders.inMemory()));
        window.show(stage);
        return window;
    }

    public static void open(FxRobot robot, MainWindow window, Path folder) throws Exception {
        robot.interact(() -> window.model().open(folder));
        awaitLoaded(window);
    }

    /** Until the checkpoint is read and every read it started (state, files) has finished. */
    public static void awaitLoaded(MainWindow window) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !onFx(window.viewModel()::isLoading));
        awaitIdle(window);
    }

    /** Until the replay of the open checkpoint has published its outcome and nothing else runs. */
    public static void awaitReplay(MainWindow window) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !window.model().replay().isRunning()
                && window.model().replay().getOutcome() != null));
        awaitIdle(window);
    }

    /** How many replay outcomes the window published so far (to wait for the next: {@link #awaitReplayAfter}). */
    public static int published(MainWindow window) throws Exception {
        return onFx(() -> window.model().replay().publishedProperty().get());
    }

    /** Until a replay newer than the {@code before}-th has published its outcome and nothing else runs. */
    public static void awaitReplayAfter(MainWindow window, int before) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !window.model().replay().isRunning()
                && window.model().replay().publishedProperty().get() > before));
        awaitIdle(window);
    }

    /**
     * Waits until the lesson's {@code step} is on show: its sample open and replayed, its batch selected, its mode set
     * (where it names one), nothing running.
     */
    public static void awaitLessonStep(MainWindow window, io.streamscope.lesson.LessonStep step) throws Exception {
        Path folder = SAMPLES.resolve(step.sample()).toAbsolutePath().normalize();
        io.streamscope.replay.OutputMode mode = step.mode()
                .map(name -> io.streamscope.replay.OutputMode.valueOf(name.toUpperCase(java.util.Locale.ROOT)))
                .orElse(null);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> {
            WindowModel model = window.model();
            Path open = model.checkpoint().folderProperty().get();
            var outcome = model.replay().getOutcome();
            return open != null && open.toAbsolutePath().normalize().equals(folder) && !model.checkpoint().isLoading()
                    && !model.replay().isRunning() && outcome != null
                    && outcome.request().checkpoint().path().toAbsolutePath().normalize().equals(folder)
                    && model.timeline().getSelectedBatch() != null
                    && model.timeline().getSelectedBatch().id() == step.batchId()
                    && (mode == null || outcome.mode() == mode) && !model.activity().isBusy();
        }));
        awaitIdle(window);
    }

    public static void awaitIdle(MainWindow window) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !onFx(window.model().activity()::isBusy));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Selects the tab with this fx:id, as a click on its header does: a tab's view joins the scene when its tab is
     * first selected (ui.display.TabContentOnDemand), so a journey opens the tab before it looks inside.
     */
    public static void showTab(FxRobot robot, MainWindow window, String tabId) {
        Tab tab = window.scene().getRoot().lookupAll(".tab-pane").stream()
                .flatMap(pane -> ((TabPane) pane).getTabs().stream())
                .filter(candidate -> tabId.equals(candidate.getId()))
                .findFirst().orElseThrow(() -> new AssertionError("no tab #" + tabId));
        robot.interact(() -> tab.getTabPane().getSelectionModel().select(tab));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Whether {@code node} and every parent of it are visible (on the FX thread). */
    public static boolean shown(javafx.scene.Node node) {
        for (javafx.scene.Node at = node; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** Reads UI state on the FX thread, where it is written. */
    public static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(10, TimeUnit.SECONDS);
    }

    /** Saves what the window shows as {@code screenshots/<name>} next to the test classes; returns its colours. */
    public static long screenshot(FxRobot robot, Scene scene, String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        if (scene.lookup("#batchTimeline") instanceof BatchTimeline timeline) {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !onFx(timeline::isGliding));
            WaitForAsyncUtils.waitForFxEvents();
        }
        AtomicReference<PngImage> image = new AtomicReference<>();
        robot.interact(() -> {
            WritableImage snapshot = scene.snapshot(null);
            image.set(PngImage.of(snapshot));
        });
        Path file = screenshotFolder().resolve(name);
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            image.get().write(out);
        }
        long colours = image.get().distinctColours();
        assertTrue(colours > 10, "screenshot " + name + " looks blank: " + colours + " colours");
        return colours;
    }

    /** Next to test-classes, so it follows -Dbuild.dir. */
    public static Path screenshotFolder() {
        try {
            Path testClasses = Path.of(UiTestSupport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return testClasses.getParent().resolve("screenshots");
        } catch (Exception e) {
            return Path.of("target", "screenshots");
        }
    }
}
