package io.streamscope.ui;

import io.streamscope.ui.state.StateController;
import io.streamscope.ui.state.StateViewModel;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;

import java.io.IOException;
import java.net.URL;
import java.util.Objects;

/**
 * The main window's scene, built from {@code /fxml/main.fxml} and {@code /styles/streamscope.css}, with its view
 * model. Tests build it the same way the application does.
 */
public record MainWindow(Scene scene, CheckpointViewModel viewModel) {

    static final String FXML = "/fxml/main.fxml";
    static final String STYLESHEET = "/styles/streamscope.css";

    public static MainWindow create(CheckpointViewModel viewModel) throws IOException {
        StateViewModel state = new StateViewModel();
        MainController controller = new MainController(viewModel, state);
        StateController stateController = new StateController(state);
        FXMLLoader loader = new FXMLLoader(resource(FXML));
        loader.setControllerFactory(type -> {
            if (type == MainController.class) {
                return controller;
            }
            if (type == StateController.class) {
                return stateController;
            }
            throw new IllegalArgumentException("an FXML file asks for an unknown controller " + type);
        });
        Parent root = loader.load();
        Scene scene = new Scene(root, 1200, 760);
        scene.getStylesheets().add(resource(STYLESHEET).toExternalForm());
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN),
                controller::chooseCheckpoint);
        return new MainWindow(scene, viewModel);
    }

    public void show(Stage stage) {
        stage.titleProperty().bind(viewModel.windowTitleProperty());
        stage.setMinWidth(640);
        stage.setMinHeight(420);
        stage.setScene(scene);
        stage.show();
    }

    private static URL resource(String name) {
        return Objects.requireNonNull(MainWindow.class.getResource(name), () -> name + " is not on the class path");
    }
}
