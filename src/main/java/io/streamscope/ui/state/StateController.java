package io.streamscope.ui.state;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.collections.ListChangeListener;

/** Binds state.fxml to a {@link StateViewModel}: the store chooser and the rows after the selected batch. */
public final class StateController {

    private static final PseudoClass ADDED = PseudoClass.getPseudoClass("added");
    private static final PseudoClass UPDATED = PseudoClass.getPseudoClass("updated");
    private static final PseudoClass DELETED = PseudoClass.getPseudoClass("deleted");

    private final StateViewModel viewModel;

    @FXML private ComboBox<StoreChoice> stateStoreSelector;
    @FXML private Label stateSummary;
    @FXML private Label statePlaceholder;
    @FXML private TableView<StateRowView> stateTable;
    @FXML private TableColumn<StateRowView, Integer> partitionColumn;
    @FXML private TableColumn<StateRowView, String> familyColumn;
    @FXML private TableColumn<StateRowView, String> keyColumn;
    @FXML private TableColumn<StateRowView, String> valueColumn;
    @FXML private TableColumn<StateRowView, String> changeColumn;

    public StateController(StateViewModel viewModel) {
        this.viewModel = viewModel;
    }

    @FXML
    private void initialize() {
        stateStoreSelector.setItems(viewModel.stores());
        stateStoreSelector.valueProperty().bindBidirectional(viewModel.selectedStoreProperty());
        stateStoreSelector.disableProperty().bind(javafx.beans.binding.Bindings.size(viewModel.stores()).lessThan(2));
        stateSummary.textProperty().bind(viewModel.summaryProperty());
        statePlaceholder.textProperty().bind(viewModel.summaryProperty());

        partitionColumn.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().partition()));
        familyColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().columnFamily()));
        keyColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().key()));
        valueColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().value()));
        changeColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().change().label()));
        stateTable.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(StateRowView row, boolean empty) {
                super.updateItem(row, empty);
                StateRowView.Change change = empty || row == null ? StateRowView.Change.NONE : row.change();
                pseudoClassStateChanged(ADDED, change == StateRowView.Change.ADDED);
                pseudoClassStateChanged(UPDATED, change == StateRowView.Change.UPDATED);
                pseudoClassStateChanged(DELETED, change == StateRowView.Change.DELETED);
            }
        });
        stateTable.setItems(viewModel.rows());
        viewModel.rows().addListener((ListChangeListener<StateRowView>) change ->
                familyColumn.setVisible(viewModel.rows().stream().anyMatch(row -> row.columnFamily() != null)));
    }
}
