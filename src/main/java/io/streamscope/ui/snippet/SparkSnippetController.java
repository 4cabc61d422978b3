package io.streamscope.ui.snippet;

import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;

/**
 * Binds state-snippet.fxml, the state view's {@code #sparkSnippetButton}: it shows the State Data Source snippet in a
 * window of its own ({@code #sparkSnippetText}), Python or Scala ({@code #sparkSnippetLanguage}), the rows after the
 * batch or its changes ({@code #sparkSnippetChanges}), with {@code #sparkSnippetCopy}.
 */
public final class SparkSnippetController {

    private final SparkSnippetViewModel viewModel;
    private Dialog<Void> dialog;

    @FXML private Button sparkSnippetButton;

    public SparkSnippetController(SparkSnippetViewModel viewModel) {
        this.viewModel = viewModel;
    }

    @FXML
    private void initialize() {
        sparkSnippetButton.disableProperty().bind(viewModel.availableProperty().not());
    }

    @FXML
    private void showSnippet() {
        if (dialog == null) {
            dialog = createDialog();
        }
        if (!dialog.isShowing()) {
            dialog.show();
        }
        dialog.getDialogPane().getScene().getWindow().requestFocus();
    }

    private Dialog<Void> createDialog() {
        Dialog<Void> created = new Dialog<>();
        created.setTitle("The state on your own Spark cluster");
        created.initModality(Modality.NONE);
        created.initOwner(sparkSnippetButton.getScene().getWindow());
        created.setResizable(true);
        Label intro = new Label("A store too large for one machine: Spark's State Data Source reads it on your cluster"
                + " (Spark 3.5+; the change feed and transformWithState need 4.0).");
        intro.setWrapText(true);
        ChoiceBox<String> language = new ChoiceBox<>(javafx.collections.FXCollections.observableArrayList("python", "scala"));
        language.setId("sparkSnippetLanguage");
        language.valueProperty().bindBidirectional(viewModel.languageProperty());
        CheckBox changes = new CheckBox("This batch's changes (change feed)");
        changes.setId("sparkSnippetChanges");
        changes.selectedProperty().bindBidirectional(viewModel.changesProperty());
        TextArea text = new TextArea();
        text.setId("sparkSnippetText");
        text.setEditable(false);
        text.getStyleClass().add("json-text");
        text.setPrefColumnCount(70);
        text.setPrefRowCount(16);
        text.textProperty().bind(viewModel.textProperty());
        VBox.setVgrow(text, Priority.ALWAYS);
        Button copy = new Button("Copy");
        copy.setId("sparkSnippetCopy");
        copy.setMnemonicParsing(false);
        copy.setOnAction(event -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(viewModel.textProperty().get());
            Clipboard.getSystemClipboard().setContent(content);
        });
        HBox choices = new HBox(8, language, changes, copy);
        choices.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox content = new VBox(8, intro, choices, text);
        content.setPrefWidth(720);
        created.getDialogPane().setContent(content);
        created.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        created.getDialogPane().getStylesheets().addAll(sparkSnippetButton.getScene().getStylesheets());
        return created;
    }
}
