package io.streamscope.ui;

import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.display.SceneStyle;
import io.streamscope.ui.display.TabContentOnDemand;
import io.streamscope.ui.doctor.DoctorController;
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
public record MainWindow(Scene scene, WindowModel model, io.streamscope.ui.lesson.LessonController lesson) {

    static final String FXML = "/fxml/main.fxml";
    static final String STYLESHEET = "/styles/streamscope.css";
    /** The bundled samples the lesson tells the chapter on (the working directory's, as the default sample's). */
    static final java.nio.file.Path LESSON_SAMPLES = java.nio.file.Path.of("sample-checkpoints");

    /**
     * The decode pipeline of the selected input record, a tab beside the result table: shown for the row selected
     * while the tab is on show, and from the input table's context menu.
     */
    private static io.streamscope.ui.lesson.DecodeView decodeTab(WindowModel model, TablesController tables,
                                                                Exporter exporter) {
        io.streamscope.ui.lesson.DecodeView decode = new io.streamscope.ui.lesson.DecodeView(model.replay(),
                model.activity());
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(decode);
        scroll.setFitToWidth(true);
        javafx.scene.control.Tab tab = new javafx.scene.control.Tab("Decode", scroll);
        tab.setId("decodeTab");
        tables.outputTabs().getTabs().add(tab);
        Runnable showSelected = () -> tables.selectedRecord().ifPresent(at -> decode.show((String) at[0], (Integer) at[1], (Long) at[2]));
        tables.inputTableView().getSelectionModel().selectedItemProperty().addListener((property, old, row) -> {
            if (row != null && tab.isSelected()) {
                showSelected.run();
            }
        });
        tab.selectedProperty().addListener((property, old, selected) -> {
            if (selected) {
                showSelected.run();
            }
        });
        javafx.scene.control.MenuItem item = new javafx.scene.control.MenuItem("How this record became a row");
        item.setId("decodeRecordItem");
        item.setOnAction(event -> {
            tables.outputTabs().getSelectionModel().select(tab);
            showSelected.run();
        });
        if (tables.inputTableView().getContextMenu() == null) {
            TableExportMenu.install(tables.inputTableView(), exporter);
        }
        tables.inputTableView().getContextMenu().getItems().add(item);
        return decode;
    }

    public static MainWindow create(WindowModel model) throws IOException {
        return create(model, 1280, 800);
    }

    /** The window's scene at {@code width} × {@code height} (a test's projector). */
    public static MainWindow create(WindowModel model, double width, double height) throws IOException {
        SceneStyle.preferTheme(model.display());
        Exporter exporter = new Exporter(model.activity(), () -> model.checkpoint().folderProperty().get(),
                model.activity()::announce);
        HeaderController header = new HeaderController(model.checkpoint(), model.recent(), model.display(), exporter,
                model::open, model.doctor());
        header.setLocationOpener(new HeaderController.LocationOpener() {
            @Override
            public void open(String location, io.streamscope.storage.HadoopSettings settings) {
                model.openLocation(location, settings);
            }

            @Override
            public io.streamscope.storage.HadoopSettings settingsFor(String location) {
                return model.settingsFor(location);
            }
        });
        TablesController tables = new TablesController(model.query(), model.replay(), model.display());
        Map<Class<?>, Object> controllers = Map.of(
                MainController.class, new MainController(model),
                HeaderController.class, header,
                TransportController.class, new TransportController(model.playback(), model.timeline(), model.query(),
                        model.display()),
                TimelineController.class, new TimelineController(model.timeline(), model.checkpoint(), model.display(),
                        model.replay()),
                TablesController.class, tables,
                InspectorController.class, new InspectorController(model.batchFiles(), model.checkpoint(), model.replay()),
                QueryEditorController.class, new QueryEditorController(model.query(), model.replay(), model.display(),
                        model.activity()),
                StateController.class, new StateController(model.state()),
                DoctorController.class, new DoctorController(model.doctor(), model.timeline()),
                io.streamscope.ui.snippet.SparkSnippetController.class,
                new io.streamscope.ui.snippet.SparkSnippetController(model.sparkSnippet()));
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
        TableExportMenu.enable(scene, exporter);
        io.streamscope.ui.lesson.DecodeView decode = decodeTab(model, tables, exporter);
        // presentation mode: the selected batch's state as columns under the result table, not in the folded inspector;
        // built the first time presentation mode is on (the desk's first frame has no use for it)
        if (tables.outputTabs().getParent() instanceof javafx.scene.layout.VBox output) {
            Runnable addStateColumns = () -> {
                io.streamscope.ui.state.StateColumnsView state = io.streamscope.ui.state.StateColumnsView.create(
                        model.state(), model.display(), tables.roomUnderOutputProperty(),
                        () -> javafx.application.Platform.runLater(tables::fitToProjector));
                output.getChildren().add(state.pane());
                tables.alsoFit(state.table());
            };
            io.streamscope.ui.display.FirstTimeTrue.run(model.display().presentationProperty(), addStateColumns);
        }
        io.streamscope.ui.lesson.LessonController lesson = new io.streamscope.ui.lesson.LessonController(model, root,
                tables, decode, LESSON_SAMPLES.toAbsolutePath());
        if (loader.getNamespace().get("bottomArea") instanceof javafx.scene.layout.VBox bottom) {
            bottom.getChildren().add(0, lesson.panel());
        }
        if (root.lookup("#headerBar") instanceof javafx.scene.layout.Pane headerBar) {
            headerBar.getChildren().add(io.streamscope.ui.display.ThemeSelector.create(model.display()));
            // before Export: the transport bar has no room left at 1280 px
            headerBar.getChildren().add(Math.max(0, headerBar.getChildren().indexOf(root.lookup("#exportMenu"))),
                    io.streamscope.ui.follow.FollowToggle.create(model.follow()));
        }
        if (root.lookup("#transportBar") instanceof javafx.scene.layout.Pane bar) {
            javafx.scene.control.ToggleButton button = new javafx.scene.control.ToggleButton("Lesson");
            button.setId("lessonButton");
            button.setMnemonicParsing(false);
            io.streamscope.ui.display.HoverTooltip.setText(button,
                    "The chapter as a lesson on the bundled samples: Next/Back with PageDown/PageUp or Right/Left");
            button.setOnAction(event -> lesson.toggle());
            lesson.activeProperty().addListener((property, old, on) -> button.setSelected(on));
            bar.getChildren().add(button);
        }
        shortcuts(model, header, scene, lesson).install(scene);
        // the unselected tabs' views join the scene when first chosen: the first frame's CSS and layout skip them
        if (loader.getNamespace().get("inspector") instanceof javafx.scene.control.TabPane inspector) {
            TabContentOnDemand.install(inspector);
        }
        TabContentOnDemand.install(tables.outputTabs());
        return new MainWindow(scene, model, lesson);
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

    private static Shortcuts shortcuts(WindowModel model, HeaderController header, Scene scene,
                                       io.streamscope.ui.lesson.LessonController lesson) {
        PlaybackViewModel playback = model.playback();
        DisplayViewModel display = model.display();
        return new Shortcuts()
                .always(shortcut(KeyCode.O), header::chooseCheckpoint)
                .always(new KeyCodeCombination(KeyCode.F11), display::togglePresentation)
                .always(new KeyCodeCombination(KeyCode.F5), model.follow()::toggle)
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
                .always(new KeyCodeCombination(KeyCode.ESCAPE), () -> escape(model.activity(), display, scene))
                .space(playback::togglePlay)
                .always(new KeyCodeCombination(KeyCode.PAGE_DOWN), lesson::next)
                .always(new KeyCodeCombination(KeyCode.PAGE_UP), lesson::back)
                .horizontal(KeyCode.RIGHT, () -> {
                    if (lesson.isActive()) {
                        lesson.next(); // a presentation clicker's keys
                    } else {
                        playback.stepForward();
                    }
                })
                .horizontal(KeyCode.LEFT, () -> {
                    if (lesson.isActive()) {
                        lesson.back();
                    } else {
                        playback.stepBack();
                    }
                })
                .ends(KeyCode.HOME, playback::first)
                .ends(KeyCode.END, playback::last);
    }

    private static KeyCombination shortcut(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    /** Esc leaves presentation mode, else brings the focus back to the timeline. */
    /** Esc stops a running read first; else it leaves presentation mode, else it gives the timeline the focus. */
    private static void escape(ActivityMonitor activity, DisplayViewModel display, Scene scene) {
        if (activity.cancelReads()) {
            return;
        }
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
        stage.titleProperty().bind(lesson.title(model.checkpoint().windowTitleProperty()));
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        stage.setScene(scene);
        stage.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, event -> model.follow().stop());
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
