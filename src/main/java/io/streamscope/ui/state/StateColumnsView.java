package io.streamscope.ui.state;

import io.streamscope.ui.display.CellsOnDemandRow;
import io.streamscope.ui.display.DisplayViewModel;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

import java.util.List;
import java.util.Map;

/**
 * Presentation mode's state, on screen beside the result table rather than in the folded inspector: the selected
 * batch's state rows as columns ({@link StateColumns}: a <i>Key</i> group with each key field, a <i>Value</i> group
 * with each value field, nested structs flattened), the rows the batch changed marked as in the state panel
 * ({@code :added}, {@code :updated}, {@code :deleted}). {@code #presentationStatePane} (shown only in presentation
 * mode, and only while the query keeps state), {@code #presentationStateTitle}, {@code #presentationStateTable}.
 * FX thread; the rows come from {@link StateViewModel}, read in the background.
 */
public final class StateColumnsView {

    private static final Map<StateRowView.Change, PseudoClass> MARKS = Map.of(
            StateRowView.Change.ADDED, PseudoClass.getPseudoClass("added"),
            StateRowView.Change.UPDATED, PseudoClass.getPseudoClass("updated"),
            StateRowView.Change.DELETED, PseudoClass.getPseudoClass("deleted"));
    /** presentation.css: the replay tables' text is 0.9 em, their rows 1.7 em of it. */
    private static final double TEXT_EM = 0.9;
    private static final double ROW_EM = 1.7;

    private final StateViewModel state;
    private final DisplayViewModel display;
    private final VBox pane = new VBox();
    private final Label title = new Label();
    private final TableView<StateColumns.Row> table = new TableView<>();

    private final Runnable refitted;
    /** At most this many rows on show (the rest scroll): the result table above keeps its room. */
    private static final int MOST_ROWS = 6;

    private StateColumnsView(StateViewModel state, DisplayViewModel display, javafx.beans.value.ObservableBooleanValue room,
                             Runnable refitted) {
        this.state = state;
        this.display = display;
        this.refitted = refitted;
        pane.setId("presentationStatePane");
        pane.getStyleClass().add("state-columns-pane");
        title.setId("presentationStateTitle");
        title.getStyleClass().add("section-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        table.setId("presentationStateTable");
        table.getStyleClass().addAll("replay-table", "state-columns-table");
        table.setMaxHeight(Region.USE_PREF_SIZE);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(view -> new CellsOnDemandRow<>() {
            @Override
            protected void updateItem(StateColumns.Row row, boolean empty) {
                super.updateItem(row, empty);
                MARKS.forEach((change, mark) -> pseudoClassStateChanged(mark, !empty && row != null && row.change() == change));
            }
        });
        pane.getChildren().addAll(title, table);
        pane.setMaxHeight(Region.USE_PREF_SIZE);
        pane.visibleProperty().bind(display.presentationProperty().and(javafx.beans.binding.Bindings.isNotEmpty(state.rows()))
                .and(room));
        pane.managedProperty().bind(pane.visibleProperty());
        state.rows().addListener((ListChangeListener<StateRowView>) change -> refresh());
        InvalidationListener resize = changed -> {
            if (display.isPresentation()) {
                refresh();
            }
        };
        display.presentationProperty().addListener(resize);
        display.fontSizeProperty().addListener(resize);
        state.summaryProperty().addListener(changed -> title.setText(titleOf(state.summaryProperty().get())));
        title.setText(titleOf(state.summaryProperty().get()));
        refresh();
    }

    /**
     * @param room     whether the output column has room for it beside the output above (it shows only while it does)
     * @param refitted runs whenever the columns were sized anew, for the window to give the tables their widths and the
     *                 output column's parts their heights again
     */
    public static StateColumnsView create(StateViewModel state, DisplayViewModel display,
                                          javafx.beans.value.ObservableBooleanValue room, Runnable refitted) {
        return new StateColumnsView(state, display, room, refitted);
    }

    public VBox pane() {
        return pane;
    }

    public TableView<StateColumns.Row> table() {
        return table;
    }

    /** {@code "3 rows after batch 2 · 2 changed by it · schema: …"} → {@code "State: 3 rows after batch 2 · 2 changed by it"}. */
    static String titleOf(String summary) {
        if (summary == null || summary.isEmpty()) {
            return "State";
        }
        String[] parts = summary.split(" · ");
        return "State: " + (parts.length >= 2 && parts[1].contains("changed") ? parts[0] + " · " + parts[1] : parts[0]);
    }

    private void refresh() {
        StateColumns columns = StateColumns.of(state.rows());
        double px = display.fontSizeProperty().get() * TEXT_EM;
        Font plain = Font.font(Font.getDefault().getFamily(), px);
        Font bold = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, px);
        TableColumn<StateColumns.Row, String> key = new TableColumn<>("Key");
        TableColumn<StateColumns.Row, String> value = new TableColumn<>("Value");
        for (String field : columns.keyFields()) {
            key.getColumns().add(column(field, true, columns.rows(), plain, bold));
        }
        for (String field : columns.valueFields()) {
            value.getColumns().add(column(field, false, columns.rows(), plain, bold));
        }
        // no Change column: the rows the batch changed are marked as in the state panel, and the title counts them
        table.getColumns().setAll(List.of(key, value));
        table.getItems().setAll(columns.rows());
        double row = px * ROW_EM;
        int rows = columns.rows().size();
        table.setPrefHeight(tableHeight(row, Math.min(MOST_ROWS, rows)));
        // where the output above needs the room (OutputHeightFit), down to two rows, the rest scrolling
        table.setMinHeight(tableHeight(row, Math.min(2, rows)));
        refitted.run();
    }

    /** The table's height with {@code rows} rows on show: the rows, its two header rows and a little over, its borders. */
    private static double tableHeight(double row, int rows) {
        return row * (rows + 2.6) + 6;
    }

    private static TableColumn<StateColumns.Row, String> column(String field, boolean ofKey, List<StateColumns.Row> rows,
                                                                Font plain, Font bold) {
        TableColumn<StateColumns.Row, String> column = new TableColumn<>(field);
        column.setId((ofKey ? "stateKey:" : "stateValue:") + field);
        // presentation mode only: times read as their clock (09:10), as in the result table, so the room goes to the rows
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(io.streamscope.ui.tables.ClockText.of(
                (ofKey ? cell.getValue().key() : cell.getValue().value()).getOrDefault(field, ""))));
        column.setSortable(false);
        String widest = "";
        boolean numbers = true;
        for (StateColumns.Row row : rows) {
            String text = io.streamscope.ui.tables.ClockText.of((ofKey ? row.key() : row.value()).getOrDefault(field, ""));
            if (text.length() > widest.length()) {
                widest = text;
            }
            numbers &= text.isEmpty() || text.matches("-?[0-9][0-9.,eE+-]*");
        }
        if (numbers) {
            column.getStyleClass().add("number-column");
        }
        column.setPrefWidth(width(widest, field, plain, bold));
        return column;
    }

    /** The cell's text or the header's, whichever is wider, with the cells' padding (0.35 em each side) and a margin. */
    private static double width(String cell, String header, Font plain, Font bold) {
        Text measure = new Text(cell);
        measure.setFont(plain);
        double cellWidth = measure.getLayoutBounds().getWidth();
        measure.setText(header);
        measure.setFont(bold);
        double headerWidth = measure.getLayoutBounds().getWidth();
        return Math.ceil(Math.max(cellWidth, headerWidth) + plain.getSize() * 1.2);
    }
}
