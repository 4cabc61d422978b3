package io.streamscope.ui;

import javafx.application.Application;
import javafx.stage.Stage;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The Streamscope window. Arguments: an optional checkpoint folder ({@code DIR} or {@code --checkpoint DIR});
 * without one it opens the default sample when the working directory has it.
 */
public class StreamscopeApp extends Application {

    public static void main(String[] args) {
        launch(StreamscopeApp.class, args);
    }

    @Override
    public void start(Stage stage) throws IOException {
        MainWindow window = MainWindow.create(new CheckpointViewModel());
        window.show(stage);
        LaunchArguments.checkpointToOpen(getParameters().getRaw(), Path.of("").toAbsolutePath())
                .ifPresent(window.viewModel()::open);
    }
}
