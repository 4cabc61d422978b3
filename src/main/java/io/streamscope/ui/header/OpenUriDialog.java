package io.streamscope.ui.header;

import io.streamscope.storage.HadoopSettings;
import javafx.event.ActionEvent;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Window;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * "Open URI…": a checkpoint's URI ({@code hdfs://}, {@code s3a://}, {@code abfss://}, {@code gs://}, {@code file://})
 * and Hadoop settings for it, one {@code KEY=VALUE} a line. Settings shown again show secrets as {@code ********},
 * and a masked line keeps its value.
 */
final class OpenUriDialog {

    /** What the dialog was left with. */
    record Choice(String location, HadoopSettings settings) {
    }

    private OpenUriDialog() {
    }

    static Optional<Choice> show(Window owner, String location, HadoopSettings previous) {
        FXMLLoader loader = new FXMLLoader(OpenUriDialog.class.getResource("/fxml/open-uri.fxml"));
        Parent content;
        try {
            content = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TextField uri = (TextField) loader.getNamespace().get("uriField");
        TextArea conf = (TextArea) loader.getNamespace().get("confArea");
        Label error = (Label) loader.getNamespace().get("uriError");
        uri.setText(location == null ? "" : location);
        conf.setText(previous.maskedLines());

        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Open a checkpoint by URI");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Button ok = (Button) dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("openUriOk");
        ok.setText("Open");
        dialog.getDialogPane().lookupButton(ButtonType.CANCEL).setId("openUriCancel");
        ok.disableProperty().bind(uri.textProperty().isEmpty());
        Choice[] chosen = new Choice[1];
        ok.addEventFilter(ActionEvent.ACTION, event -> {
            try {
                chosen[0] = new Choice(uri.getText().strip(), HadoopSettings.fromLines(conf.getText(), previous));
            } catch (IllegalArgumentException e) {
                show(error, e.getMessage());
                event.consume(); // stays open, the mistake said
            }
        });
        dialog.setOnShown(event -> uri.requestFocus());
        return dialog.showAndWait().filter(ButtonType.OK::equals).map(button -> chosen[0]);
    }

    private static void show(Node label, String message) {
        ((Label) label).setText(message);
        label.setVisible(true);
        label.setManaged(true);
    }
}
