package io.streamscope.ui;

import io.streamscope.ui.recent.PreferencesStore;
import io.streamscope.ui.recent.RecentFolders;
import javafx.application.Application;
import javafx.stage.Stage;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The Streamscope window. Arguments: see {@link LaunchArguments} ({@code --checkpoint DIR}, {@code --batch N},
 * {@code --presentation}, …); without a checkpoint it opens the default sample when the working directory has it.
 */
public class StreamscopeApp extends Application {

    static final String SETTINGS_PROPERTY = "streamscope.settings";

    public static void main(String[] args) {
        launch(StreamscopeApp.class, args);
    }

    /** The user's settings, unless {@code -Dstreamscope.settings=memory} (tests) keeps them in memory. */
    static RecentFolders recentFolders() {
        return "memory".equals(System.getProperty(SETTINGS_PROPERTY))
                ? RecentFolders.inMemory() : new RecentFolders(PreferencesStore.forUser());
    }

    @Override
    public void start(Stage stage) throws IOException {
        LaunchArguments arguments = LaunchArguments.parse(getParameters().getRaw(), Path.of("").toAbsolutePath());
        arguments.warnings().forEach(warning -> System.err.println("streamscope: " + warning));
        WindowModel model = WindowModel.create(recentFolders());
        MainWindow window = MainWindow.create(model);
        window.show(stage);
        model.apply(arguments);
    }
}
