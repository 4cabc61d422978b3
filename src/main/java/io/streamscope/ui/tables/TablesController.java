package io.streamscope.ui.tables;

import io.streamscope.ui.query.QueryViewModel;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;

/**
 * Binds tables.fxml. For now only the titles follow the output mode; the replay fills {@code #inputTable},
 * {@code #resultTable} and {@code #sinkTable} when it lands.
 */
public final class TablesController {

    private final QueryViewModel query;

    @FXML private Tab resultTab;
    @FXML private Label resultPlaceholder;

    public TablesController(QueryViewModel query) {
        this.query = query;
    }

    @FXML
    private void initialize() {
        resultTab.textProperty().bind(Bindings.createStringBinding(
                () -> "Result table · " + query.getOutputMode().sparkName(), query.outputModeProperty()));
        resultPlaceholder.textProperty().bind(Bindings.createStringBinding(
                () -> "The result table in " + query.getOutputMode().label()
                        + " mode appears here once the query runs on the input", query.outputModeProperty()));
    }
}
