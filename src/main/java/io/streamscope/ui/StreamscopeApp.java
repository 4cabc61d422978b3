package io.streamscope.ui;

import io.streamscope.ui.display.Theme;
import io.streamscope.ui.display.ThemeHeadStart;
import io.streamscope.ui.settings.Settings;
import io.streamscope.ui.settings.WindowPlacement;
import javafx.application.Application;
import javafx.geometry.Dimension2D;
import javafx.stage.Stage;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The Streamscope window. Arguments: see {@link LaunchArguments} ({@code --checkpoint DIR}, {@code --batch N},
 * {@code --presentation}, {@code --job FILE}, …); without a checkpoint it opens the default sample when the working
 * directory has it. The window opens where it was last time (clamped to the screen), the first time at about 80 % of
 * the screen (maximized on a small one).
 */
public class StreamscopeApp extends Application {

    static final String SETTINGS_PROPERTY = "streamscope.settings";

    public static void main(String[] args) {
        FirstFrameProbe.reached("main");
        boolean presenting = java.util.Arrays.asList(args).contains("--presentation");
        ThemeHeadStart.start(() -> presenting ? Theme.PROJECTOR
                : settings().theme().flatMap(Theme::find).orElse(Theme.DEFAULT));
        launch(StreamscopeApp.class, args);
    }

    /** The user's settings, unless {@code -Dstreamscope.settings=memory} (tests) keeps them in memory. */
    static Settings settings() {
        return "memory".equals(System.getProperty(SETTINGS_PROPERTY)) ? Settings.inMemory() : Settings.forUser();
    }

    @Override
    public void start(Stage stage) throws IOException {
        FirstFrameProbe.reached("toolkit up");
        ThemeHeadStart.awaitRead(); // before the window's nodes: see ThemeHeadStart
        LaunchArguments arguments = LaunchArguments.parse(getParameters().getRaw(), Path.of("").toAbsolutePath());
        arguments.warnings().forEach(warning -> System.err.println("streamscope: " + warning));
        Settings settings = settings();
        WindowModel model = WindowModel.create(settings);
        if (!arguments.lesson()) {
            model.startOpening(arguments); // read while the window is built; applied below, before start returns
        }
        WindowPlacement placement = WindowPlacer.placement(settings);
        Dimension2D size = WindowPlacer.sceneSize(placement);
        MainWindow window = MainWindow.create(model, size.getWidth(), size.getHeight());
        FirstFrameProbe.reached("window built");
        WindowPlacer.show(window, stage, placement);
        FirstFrameProbe.reached("shown");
        FirstFrameProbe.installIfAsked(stage.getScene());
        WindowPlacer.remember(stage, placement, settings);
        if (arguments.lesson()) {
            window.lesson().start(); // opens the first step's sample
            if (arguments.presentation()) {
                model.display().presentationProperty().set(true);
            }
        } else {
            model.apply(arguments);
        }
    }
}
