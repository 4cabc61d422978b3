package io.streamscope.ui.tables;

import javafx.animation.FadeTransition;
import javafx.animation.ParallelTransition;
import javafx.animation.TranslateTransition;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.util.Duration;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Drives one replay {@link TableView} of {@link ShownRow}s: columns from names, rows tinted by batch
 * ({@code batch-even}/{@code batch-odd}) with a divider where a batch begins ({@code batch-start}), changed rows and
 * cells marked ({@code row-added}, {@code row-updated}, {@code changed-cell}). Rows that arrive at the bottom slide
 * and fade in, changed rows flash, when animations are on.
 */
final class ReplayTable {

    static final Duration ANIMATION = Duration.millis(350);

    private final TableView<ShownRow> table;
    private final ObservableBooleanValue animations;
    /** Rows to animate once when they are first drawn; identity, since equal rows may repeat. */
    private final Set<ShownRow> toAnimate = Collections.newSetFromMap(new IdentityHashMap<>());
    private List<String> columnNames = List.of();
    private boolean batchColumn;

    ReplayTable(TableView<ShownRow> table, ObservableBooleanValue animations) {
        this.table = table;
        this.animations = animations;
        table.setRowFactory(view -> new Row());
    }

    /** Sets the columns (only when they differ); with a leading "batch" column naming the batch at its divider. */
    void setColumns(List<String> names, boolean withBatch) {
        if (names.equals(columnNames) && withBatch == batchColumn) {
            return;
        }
        columnNames = List.copyOf(names);
        batchColumn = withBatch;
        table.getColumns().clear();
        if (withBatch) {
            TableColumn<ShownRow, String> column = new TableColumn<>("batch");
            column.setSortable(false);
            column.getStyleClass().add("batch-column");
            column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(
                    cell.getValue().batchStart() ? "batch " + cell.getValue().batchId() : ""));
            table.getColumns().add(column);
        }
        for (int i = 0; i < names.size(); i++) {
            int index = i;
            TableColumn<ShownRow, String> column = new TableColumn<>(names.get(i));
            column.setSortable(false);
            column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().cell(index)));
            column.setCellFactory(c -> new Cell(index));
            table.getColumns().add(column);
        }
    }

    /**
     * Shows {@code rows}. {@code growing}: the rows past the ones shown before are new and slide in at the bottom
     * (stepping forward); otherwise the rows the batch changed flash.
     */
    void setRows(List<ShownRow> rows, boolean growing) {
        int before = table.getItems().size();
        toAnimate.clear();
        if (animations.get()) {
            for (int i = 0; i < rows.size(); i++) {
                ShownRow row = rows.get(i);
                if (growing ? i >= before && before > 0 : row.changed()) {
                    toAnimate.add(row);
                }
            }
        }
        table.getItems().setAll(rows);
        if (!rows.isEmpty()) {
            table.scrollTo(rows.size() - 1);
        }
    }

    void clear() {
        toAnimate.clear();
        table.getItems().clear();
    }

    private final class Row extends TableRow<ShownRow> {
        @Override
        protected void updateItem(ShownRow item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().removeAll("batch-even", "batch-odd", "batch-start", "row-added", "row-updated",
                    "row-evicted");
            setOpacity(1);
            setTranslateY(0);
            if (empty || item == null) {
                return;
            }
            getStyleClass().add(item.batchId() % 2 == 0 ? "batch-even" : "batch-odd");
            if (item.batchStart()) {
                getStyleClass().add("batch-start");
            }
            if (item.changed()) {
                getStyleClass().add("row-" + item.kind());
            }
            if (toAnimate.remove(item)) {
                animate(item);
            }
        }

        private void animate(ShownRow item) {
            FadeTransition fade = new FadeTransition(ANIMATION, this);
            fade.setFromValue(item.changed() && !item.kind().equals("added") ? 0.35 : 0);
            fade.setToValue(1);
            TranslateTransition slide = new TranslateTransition(ANIMATION, this);
            slide.setFromY(item.kind().equals("updated") ? 0 : 12);
            slide.setToY(0);
            new ParallelTransition(fade, slide).play();
        }
    }

    private static final class Cell extends TableCell<ShownRow, String> {
        private final int index;

        Cell(int index) {
            this.index = index;
        }

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            setText(empty ? null : text);
            getStyleClass().remove("changed-cell");
            ShownRow row = getTableRow() == null ? null : getTableRow().getItem();
            if (!empty && row != null && row.changedCells().contains(index)) {
                getStyleClass().add("changed-cell");
            }
        }
    }
}
