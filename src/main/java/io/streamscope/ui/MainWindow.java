package io.streamscope.ui;

import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.display.SceneStyle;
import io.streamscope.ui.export.Exporter;
import io.streamscope.ui.export.TableExportMenu;
import io.streamscope.ui.header.HeaderController;
import io.streamscope.ui.inspector.InspectorController;
import io.streamscope.ui.playback.PlaybackViewModel;
import io.streamscope.ui.playback.TransportController;
import io.streamscope.ui.state.StateController;
import io.streamscope.ui.tables.TablesController;
import io.streamscope.ui.query.QueryEditorController;
import io.streamscope.ui.timeline.TimelineController;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;

import java.io.IOException;
import java.net.URL;
import java.util.Map;
import java.util.Objects;

/**
 * The main window's scene, built from {@code /fxml/main.fxml} (and the views it includes) and
 * {@code /styles/streamscope.css}, with its {@link WindowModel} and its keys. Tests build it the same way the
 * application does.
 */
public record MainWindow(Scene scene, WindowModel model) {

    static final String FXML = "/fxml/main.fxml";
    static final String STYLESHEET = "/styles/streamscope.css";

    public static MainWindow create(WindowModel model) throws IOException {
        return create(model, 1280, 800);
    }

    /** The window's scene at {@code width} × {@code height} (a test's projector). */
    public static MainWindow create(WindowModel model, double width, double height) throws IOException {
        Exporter exporter = new Exporter(model.activity(), () -> model.checkpoint().folderProperty().get(),
                model.activity()::announce);
        HeaderController header = new HeaderController(model.checkpoint(), model.recent(), model.display(), exporter,
                model::open);
        Map<Class<?>, Object> controllers = Map.of(
                MainController.class, new MainController(model),
                HeaderController.class, header,
                TransportController.class, new TransportController(model.playback(), model.timeline(), model.query(),
                        model.display()),
                TimelineController.class, new TimelineController(model.timeline(), model.checkpoint(), model.display(),
                        model.replay()),
                TablesController.class, new TablesController(model.query(), model.replay(), model.display()),
                InspectorController.class, new InspectorController(model.batchFiles(), model.checkpoint(), model.replay()),
                QueryEditorController.class, new QueryEditorController(model.query(), model.replay(), model.display(),
                        model.activity()),
                StateController.class, new StateController(model.state()));
        FXMLLoader loader = new FXMLLoader(resource(FXML));
        loader.setControllerFactory(type -> {
            Object controller = controllers.get(type);
            if (controller == null) {
                throw new IllegalArgumentException("an FXML file asks for an unknown controller " + type);
            }
            return controller;
        });
        Parent root = loader.load();
        Scene scene = new Scene(root, width, height);
        followMode(root, model);
        scene.getStylesheets().add(resource(STYLESHEET).toExternalForm());
        SceneStyle.bind(scene, model.display());
        shortcuts(model, header, scene).install(scene);
        TableExportMenu.enable(scene, exporter);
        return new MainWindow(scene, model);
    }

    /** The title names the output mode on show, not the one the sidecar was written for ("(update mode)"). */
    private static void followMode(Parent root, WindowModel model) {
        if (root.lookup("#checkpointTitleLabel") instanceof javafx.scene.control.Label title) {
            title.textProperty().unbind();
            title.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                    () -> withMode(model.checkpoint().titleProperty().get(), model.query().getOutputMode()),
                    model.checkpoint().titleProperty(), model.query().outputModeProperty()));
        }
    }

    /** {@code "Totals per customer (update mode)"} in complete mode: {@code "Totals per customer (complete mode)"}. */
    static String withMode(String title, io.streamscope.replay.OutputMode mode) {
        if (title == null || mode == null) {
            return title;
        }
        return title.replaceAll("\\((append|update|complete) mode\\)", "(" + mode.name().toLowerCase(java.util.Locale.ROOT) + " mode)");
    }

    private static Shortcuts shortcuts(WindowModel model, HeaderController header, Scene scene) {
        PlaybackViewModel playback = model.playback();
        DisplayViewModel display = model.display();
        return new Shortcuts()
                .always(shortcut(KeyCode.O), header::chooseCheckpoint)
                .always(new KeyCodeCombination(KeyCode.F11), display::togglePresentation)
                .always(shortcut(KeyCode.EQUALS), display::zoomIn)
                .always(shortcut(KeyCode.PLUS), display::zoomIn)
                .always(shortcut(KeyCode.ADD), display::zoomIn)
                .always(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                        display::zoomIn)
                .always(shortcut(KeyCode.MINUS), display::zoomOut)
                .always(shortcut(KeyCode.SUBTRACT), display::zoomOut)
                .always(shortcut(KeyCode.DIGIT0), display::resetZoom)
                .always(shortcut(KeyCode.NUMPAD0), display::resetZoom)
                .always(shortcut(KeyCode.I), () -> display.inspectorShownProperty().set(!display.inspectorShownProperty().get()))
                .always(new KeyCodeCombination(KeyCode.ESCAPE), () -> escape(display, scene))
                .space(playback::togglePlay)
                .horizontal(KeyCode.RIGHT, playback::stepForward)
                .horizontal(KeyCode.LEFT, playback::stepBack)
                .ends(KeyCode.HOME, playback::first)
                .ends(KeyCode.END, playback::last);
    }

    private static KeyCombination shortcut(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    /** Esc leaves presentation mode, else brings the focus back to the timeline. */
    private static void escape(DisplayViewModel display, Scene scene) {
        if (display.isPresentation()) {
            display.presentationProperty().set(false);
        } else {
            Node timeline = scene.lookup("#batchTimeline");
            if (timeline != null) {
                timeline.requestFocus();
            }
        }
    }

    public void show(Stage stage) {
        stage.titleProperty().bind(model.checkpoint().windowTitleProperty());
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        stage.setScene(scene);
        SceneStyle.bindFullScreen(stage, model.display());
        stage.show();
        stage.requestFocus(); // JavaFX 20+ stages no longer take focus on show under Monocle (TestFX#749)
        Node timeline = scene.lookup("#batchTimeline");
        if (timeline != null) {
            timeline.requestFocus();
        }
    }

    public CheckpointViewModel viewModel() {
        return model.checkpoint();
    }

    private static URL resource(String name) {
        return Objects.requireNonNull(MainWindow.class.getResource(name), () -> name + " is not on the class path");
    }
}
