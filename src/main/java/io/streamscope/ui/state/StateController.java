package io.streamscope.ui.state;

import io.streamscope.ui.display.CellsOnDemandRow;
import io.streamscope.ui.display.HoverTooltip;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.util.StringConverter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Binds state.fxml to a {@link StateViewModel}: the store chooser and its explanation, the filter, partition and
 * state-variable choosers, the rows-per-partition chart (a bar filters to its partition), the table (a column per key
 * and value field, sorted by the view model when a header is clicked), the detail pane, and copying rows as JSON.
 */
public final class StateController {

    private static final Map<StateRowView.Change, PseudoClass> MARKS = Map.of(
            StateRowView.Change.ADDED, PseudoClass.getPseudoClass("added"),
            StateRowView.Change.UPDATED, PseudoClass.getPseudoClass("updated"),
            StateRowView.Change.APPENDED, PseudoClass.getPseudoClass("updated"),
            StateRowView.Change.DELETED, PseudoClass.getPseudoClass("deleted"));
    private static final String ALL_VARIABLES = "";

    private final StateViewModel viewModel;
    /** Kept: a bidirectional binding holds its properties weakly. */
    private ObjectProperty<Integer> partitionObject;

    @FXML private ComboBox<StoreChoice> stateStoreSelector;
    @FXML private Label stateStoreExplanation;
    @FXML private TextField stateFilterField;
    @FXML private ComboBox<Integer> statePartitionChooser;
    @FXML private ComboBox<String> stateVariableChooser;
    @FXML private Label stateSummary;
    @FXML private Label stateSparkFigures;
    @FXML private Label statePlaceholder;
    @FXML private ProgressBar stateProgress;
    @FXML private PartitionChart statePartitionChart;
    @FXML private TableView<StateRowView> stateTable;
    @FXML private TextArea stateDetailPane;
    @FXML private javafx.scene.control.ScrollPane stateFacts;
    @FXML private javafx.scene.layout.HBox stateToolbar;
    @FXML private javafx.scene.control.SplitPane stateSplit;
    @FXML private javafx.scene.layout.VBox stateFactsBox;

    public StateController(StateViewModel viewModel) {
        this.viewModel = viewModel;
    }

    @FXML
    private void initialize() {
        stateStoreSelector.setItems(viewModel.stores());
        stateStoreSelector.valueProperty().bindBidirectional(viewModel.selectedStoreProperty());
        stateStoreSelector.disableProperty().bind(javafx.beans.binding.Bindings.size(viewModel.stores()).lessThan(2));
        stateStoreExplanation.textProperty().bind(viewModel.storeExplanationProperty());
        stateSummary.textProperty().bind(viewModel.summaryProperty());
        // a query without state: its one line, not a toolbar, a chart and a table that all say so
        javafx.beans.binding.BooleanBinding keepsState = javafx.beans.binding.Bindings.isNotEmpty(viewModel.stores());
        for (javafx.scene.Node part : List.of(stateToolbar, stateFacts, stateSplit)) {
            part.visibleProperty().bind(keepsState);
            part.managedProperty().bind(keepsState);
        }
        stateSparkFigures.textProperty().bind(viewModel.sparkFiguresProperty());
        stateSparkFigures.visibleProperty().bind(viewModel.sparkFiguresProperty().isNotEmpty());
        stateSparkFigures.managedProperty().bind(stateSparkFigures.visibleProperty());
        statePlaceholder.textProperty().bind(viewModel.summaryProperty());
        stateFilterField.textProperty().bindBidirectional(viewModel.filterProperty());
        stateProgress.progressProperty().bind(viewModel.progressProperty());
        stateProgress.visibleProperty().bind(viewModel.progressProperty().lessThan(1));
        stateProgress.managedProperty().bind(stateProgress.visibleProperty());

        statePartitionChooser.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer partition) {
                return partition == null || partition < 0 ? "All partitions" : "Partition " + partition;
            }

            @Override
            public Integer fromString(String text) {
                return null;
            }
        });
        partitionObject = viewModel.partitionProperty().asObject();
        statePartitionChooser.valueProperty().bindBidirectional(partitionObject);
        viewModel.partitionRowsProperty().addListener((property, old, counts) -> showPartitions(counts));
        statePartitionChart.setOnChoose(chosen -> viewModel.partitionProperty().set(
                viewModel.partitionProperty().get() == chosen ? StateViewModel.ALL_PARTITIONS : chosen));
        viewModel.partitionProperty().addListener((property, old, chosen) -> statePartitionChart.setChosen(chosen.intValue()));

        stateVariableChooser.setConverter(new StringConverter<>() {
            @Override
            public String toString(String family) {
                StoreChoice store = viewModel.selectedStoreProperty().get();
                return family == null || family.isEmpty() ? "All state variables"
                        : store == null ? family : store.describeColumnFamily(family);
            }

            @Override
            public String fromString(String text) {
                return text;
            }
        });
        viewModel.stateVariables().addListener((ListChangeListener<String>) change -> {
            List<String> items = new ArrayList<>(List.of(ALL_VARIABLES));
            items.addAll(viewModel.stateVariables());
            stateVariableChooser.getItems().setAll(items);
            stateVariableChooser.setVisible(!viewModel.stateVariables().isEmpty());
        });
        stateVariableChooser.setVisible(false);
        stateVariableChooser.managedProperty().bind(stateVariableChooser.visibleProperty());
        stateVariableChooser.valueProperty().addListener((property, old, family) ->
                viewModel.stateVariableProperty().set(family == null || family.isEmpty() ? null : family));

        fitFactsToTheirText();

        stateTable.setRowFactory(table -> new CellsOnDemandRow<>() {
            @Override
            protected void updateItem(StateRowView row, boolean empty) {
                super.updateItem(row, empty);
                StateRowView.Change change = empty || row == null ? StateRowView.Change.NONE : row.change();
                MARKS.values().forEach(mark -> pseudoClassStateChanged(mark, false));
                PseudoClass mark = MARKS.get(change);
                if (mark != null) {
                    pseudoClassStateChanged(mark, true);
                }
            }
        });
        stateTable.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        stateTable.setItems(viewModel.tableRows());
        StateColumnWidths.keepUserWidths(stateTable);
        stateTable.setSortPolicy(table -> {
            if (table.getSortOrder().isEmpty()) {
                viewModel.sortBy(null, true);
            } else {
                TableColumn<StateRowView, ?> column = table.getSortOrder().get(0);
                viewModel.sortBy((String) column.getUserData(), column.getSortType() == TableColumn.SortType.ASCENDING);
            }
            return true;
        });
        stateTable.getSelectionModel().selectedItemProperty().addListener((property, old, row) ->
                stateDetailPane.setText(StateViewModel.detail(row)));
        KeyCombination copy = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
        stateTable.setOnKeyPressed(event -> {
            if (copy.match(event)) {
                copySelected();
                event.consume();
            }
        });
        viewModel.columnsProperty().addListener((property, old, columns) -> buildColumns(columns));
        buildColumns(viewModel.columnsProperty().get());
        // rows arrive in chunks after the columns: widen the columns to what came
        viewModel.tableRows().addListener((ListChangeListener<StateRowView>) change -> fitColumns());
        // and once the stylesheet (or a zoom) gives the table its font
        stateSummary.fontProperty().addListener((property, old, font) -> fitColumns());
    }

    /**
     * The facts' scroll pane asks for the height of their wrapped text at its width (its own preference is their height
     * on one line each): they scroll only where the window is too short for them and three rows of the table.
     */
    private void fitFactsToTheirText() {
        Runnable fit = () -> {
            double width = stateFacts.getViewportBounds().getWidth();
            if (width > 0) {
                stateFacts.setPrefViewportHeight(Math.ceil(stateFactsBox.prefHeight(width)));
            }
        };
        stateFacts.viewportBoundsProperty().addListener((property, old, bounds) -> fit.run());
        stateFactsBox.needsLayoutProperty().addListener((property, old, needs) -> fit.run());
    }

    @SuppressWarnings("unchecked")
    private void fitColumns() {
        // before the table has cells: the summary's font, the root's size as the cells'
        StateColumnWidths.fit(stateTable, stateSummary.getFont(),
                column -> (Function<StateRowView, String>) column.getProperties().get(CELL_TEXT));
    }

    private static final String CELL_TEXT = "streamscope.cellText";

    @FXML
    private void copySelected() {
        List<StateRowView> chosen = List.copyOf(stateTable.getSelectionModel().getSelectedItems());
        if (!chosen.isEmpty()) {
            ClipboardContent content = new ClipboardContent();
            content.putString(StateViewModel.json(chosen));
            Clipboard.getSystemClipboard().setContent(content);
        }
    }

    private void showPartitions(long[] counts) {
        statePartitionChart.setCounts(counts);
        if (statePartitionChooser.getItems().size() != counts.length + 1) {
            List<Integer> choices = new ArrayList<>();
            choices.add(StateViewModel.ALL_PARTITIONS);
            for (int partition = 0; partition < counts.length; partition++) {
                choices.add(partition);
            }
            Integer chosen = statePartitionChooser.getValue();
            statePartitionChooser.getItems().setAll(choices);
            statePartitionChooser.setValue(chosen == null || !choices.contains(chosen) ? StateViewModel.ALL_PARTITIONS : chosen);
        }
    }

    private void buildColumns(StateTableModel.Columns columns) {
        List<TableColumn<StateRowView, ?>> all = new ArrayList<>();
        all.add(column("Part.", StateColumnId.PARTITION, "statePartitionColumn", row -> String.valueOf(row.partition())));
        if (viewModel.tableRows().stream().limit(50).anyMatch(row -> row.columnFamily() != null)
                || !viewModel.stateVariables().isEmpty()) {
            all.add(column("State variable", StateColumnId.FAMILY, "stateFamilyColumn", StateRowView::columnFamily));
            all.add(column("Index", StateColumnId.INDEX, "stateIndexColumn", row -> row.index() < 0 ? "" : String.valueOf(row.index())));
        }
        all.add(column("Change", StateColumnId.CHANGE, "stateChangeColumn", row -> row.change().label()));
        TableColumn<StateRowView, String> key = new TableColumn<>("Key");
        key.setId("stateKeyColumns");
        for (String field : columns.keyFields()) {
            key.getColumns().add(fieldColumn(field, true));
        }
        TableColumn<StateRowView, String> value = new TableColumn<>("Value");
        value.setId("stateValueColumns");
        for (String field : columns.valueFields()) {
            value.getColumns().add(fieldColumn(field, false));
        }
        if (!key.getColumns().isEmpty()) {
            all.add(key);
        }
        if (!value.getColumns().isEmpty()) {
            all.add(value);
        }
        stateTable.getSortOrder().clear();
        stateTable.getColumns().setAll(all);
        fitColumns();
    }

    private TableColumn<StateRowView, String> fieldColumn(String field, boolean ofKey) {
        Function<StateRowView, String> text = row -> {
            StateCells cells = viewModel.cells(row);
            return ofKey ? cells.keyCell(field) : cells.valueCell(field);
        };
        return column(field, ofKey ? StateColumnId.key(field) : StateColumnId.value(field),
                (ofKey ? "stateKey:" : "stateValue:") + field, text);
    }

    private TableColumn<StateRowView, String> column(String title, String columnId, String id, Function<StateRowView, String> text) {
        TableColumn<StateRowView, String> column = new TableColumn<>(title);
        column.setId(id);
        column.setUserData(columnId);
        int widest = title.length();
        for (StateRowView row : viewModel.tableRows().subList(0, Math.min(40, viewModel.tableRows().size()))) {
            String shown = text.apply(row);
            widest = Math.max(widest, shown == null ? 0 : Math.min(60, shown.length()));
        }
        column.setPrefWidth(Math.max(48, widest * 7.5 + 22)); // a first guess; fitColumns() measures
        column.getProperties().put(CELL_TEXT, text);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        column.setCellFactory(table -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                HoverTooltip.setText(this, empty ? null : item);
                pseudoClassStateChanged(CHANGED_CELL, !empty && item != null && item.contains(" → "));
            }
        });
        return column;
    }

    private static final PseudoClass CHANGED_CELL = PseudoClass.getPseudoClass("changed");
}
