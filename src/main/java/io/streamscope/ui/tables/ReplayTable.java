package io.streamscope.ui.tables;

import io.streamscope.replay.DroppedRow;
import javafx.animation.Animation;
import javafx.animation.FadeTransition;
import javafx.animation.ParallelTransition;
import javafx.animation.TranslateTransition;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Drives one replay {@link TableView} of {@link ShownRow}s: columns from names, rows tinted by batch
 * ({@code :batch-even}/{@code :batch-odd}) with a divider where a batch begins ({@code :batch-start}), changed rows
 * and cells marked ({@code :row-added}, {@code :row-updated}, {@code :row-evicted}, {@code :changed}), input rows a
 * stateful operator dropped marked ({@code :dropped-late}, {@code :dropped-duplicate}) and explained on hover. Rows that arrive
 * at the bottom slide and fade in, changed rows flash, when animations are on; a row is {@code :animating} while it
 * does. Pseudo-classes rather than style classes: a row changes its marks at every step, and a pseudo-class change
 * restyles far less than a style-class change (which matches every selector again for the row and its cells).
 */
final class ReplayTable {

    static final Duration ANIMATION = Duration.millis(350);
    /** A row's state while it slides in or flashes. */
    private static final PseudoClass ANIMATING = PseudoClass.getPseudoClass("animating");
    /** Only the last rows added slide in: no screen shows more, and a jump to the end may add 100,000. */
    private static final int MOST_ANIMATED = 200;
    private static final PseudoClass BATCH_EVEN = PseudoClass.getPseudoClass("batch-even");
    private static final PseudoClass BATCH_ODD = PseudoClass.getPseudoClass("batch-odd");
    private static final PseudoClass BATCH_START = PseudoClass.getPseudoClass("batch-start");
    private static final PseudoClass ADDED = PseudoClass.getPseudoClass("row-added");
    private static final PseudoClass UPDATED = PseudoClass.getPseudoClass("row-updated");
    private static final PseudoClass EVICTED = PseudoClass.getPseudoClass("row-evicted");
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    /** An input row a stateful operator dropped: behind the watermark, or a duplicate of a key already seen. */
    private static final PseudoClass DROPPED_LATE = PseudoClass.getPseudoClass("dropped-late");
    private static final PseudoClass DROPPED_DUPLICATE = PseudoClass.getPseudoClass("dropped-duplicate");

    private final TableView<ShownRow> table;
    private final RowList rows = new RowList();
    private final ObservableBooleanValue animations;
    /** Rows to animate when drawn, until their animation has run once; identity, since equal rows may repeat. */
    private final Set<ShownRow> toAnimate = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The table's row cells, to mark again when a row's kind moves (weak: the table may drop cells it rebuilds). */
    private final Set<Row> cells = Collections.newSetFromMap(new WeakHashMap<>());
    private List<String> columnNames = List.of();
    private boolean batchColumn;

    ReplayTable(TableView<ShownRow> table, ObservableBooleanValue animations) {
        this.table = table;
        this.animations = animations;
        table.setItems(rows);
        table.setRowFactory(view -> {
            Row row = new Row();
            cells.add(row);
            return row;
        });
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

    /** Shows {@code rows} (update and complete mode's result, the sink's); the rows the batch changed flash. */
    void setRows(List<ShownRow> shown) {
        toAnimate.clear();
        if (animations.get()) {
            shown.stream().filter(ShownRow::changed).forEach(toAnimate::add);
        }
        rows.setAll(shown);
        scrollToEnd();
    }

    /**
     * Applies a move of the unbounded table: drops the rows past {@code keep} and adds the new ones at the bottom,
     * each a single change of the list whatever the number of rows. Rows added to rows on show slide in. The rows
     * drawn are marked again: a row kept at its place is not drawn anew, yet its kind may have moved with the batch
     * (append mode marks the selected batch's rows).
     */
    void apply(UnboundedTable.Change change) {
        if (!change.rebuilt() && change.keep() == rows.size() && change.added().isEmpty()) {
            remark();
            return; // no row came or went: the rows stay, and so does where the user scrolled to
        }
        toAnimate.clear();
        if (change.rebuilt()) {
            rows.setAll(change.added());
        } else {
            rows.remove(change.keep(), rows.size());
            if (animations.get() && change.keep() > 0) {
                animateLast(change.added());
            }
            rows.addAll(change.added());
        }
        remark();
        scrollToEnd();
    }

    /** Marks each drawn row as its row is now, a few dozen cells, not the rows of the table. */
    private void remark() {
        for (Row cell : cells) {
            cell.mark();
        }
    }

    void clear() {
        toAnimate.clear();
        rows.clear();
    }

    private void animateLast(List<ShownRow> added) {
        toAnimate.addAll(added.subList(Math.max(0, added.size() - MOST_ANIMATED), added.size()));
    }

    private void scrollToEnd() {
        if (!rows.isEmpty()) {
            table.scrollTo(rows.size() - 1);
        }
    }

    private final class Row extends TableRow<ShownRow> {
        private Animation animation;
        private ShownRow animated;
        /** Made for the first dropped row this cell shows, then reused. */
        private Tooltip explanation;

        @Override
        protected void updateItem(ShownRow item, boolean empty) {
            super.updateItem(item, empty);
            boolean shown = !empty && item != null;
            pseudoClassStateChanged(BATCH_EVEN, shown && item.batchId() % 2 == 0);
            pseudoClassStateChanged(BATCH_ODD, shown && item.batchId() % 2 != 0);
            pseudoClassStateChanged(BATCH_START, shown && item.batchStart());
            mark();
            if (!shown) {
                stopAnimation();
                return;
            }
            if (item != animated) { // the same row drawn again goes on with its animation
                stopAnimation();
                if (toAnimate.contains(item)) {
                    animate(item);
                }
            }
        }

        /** The row's kind as it is now (append mode's {@code added} follows the selected batch). */
        void mark() {
            ShownRow item = isEmpty() ? null : getItem();
            String kind = item == null ? "" : item.kind();
            pseudoClassStateChanged(ADDED, kind.equals("added"));
            pseudoClassStateChanged(UPDATED, kind.equals("updated"));
            pseudoClassStateChanged(EVICTED, kind.equals("evicted"));
            DroppedRow dropped = item == null ? null : item.dropped().orElse(null);
            pseudoClassStateChanged(DROPPED_LATE, dropped != null && dropped.reason() == DroppedRow.Reason.LATE);
            pseudoClassStateChanged(DROPPED_DUPLICATE, dropped != null && dropped.reason() == DroppedRow.Reason.DUPLICATE);
            if (dropped != null) {
                if (explanation == null) {
                    explanation = new Tooltip();
                    explanation.setWrapText(true);
                    explanation.setMaxWidth(520);
                    explanation.setShowDelay(Duration.millis(250));
                }
                explanation.setText((dropped.reason() == DroppedRow.Reason.LATE ? "Dropped as late: "
                        : "Dropped as a duplicate: ") + dropped.explanation());
                setTooltip(explanation);
            } else if (getTooltip() != null) {
                setTooltip(null);
            }
        }

        private void animate(ShownRow item) {
            double fromOpacity = item.changed() && !item.kind().equals("added") ? 0.35 : 0;
            double fromY = item.kind().equals("updated") ? 0 : 12;
            FadeTransition fade = new FadeTransition(ANIMATION, this);
            fade.setFromValue(fromOpacity);
            fade.setToValue(1);
            TranslateTransition slide = new TranslateTransition(ANIMATION, this);
            slide.setFromY(fromY);
            slide.setToY(0);
            animation = new ParallelTransition(fade, slide);
            animated = item;
            animation.setOnFinished(done -> {
                toAnimate.remove(item); // once only: scrolled back into view later, it just shows
                stopAnimation();
            });
            setOpacity(fromOpacity); // as from the first frame, not one pulse later
            setTranslateY(fromY);
            pseudoClassStateChanged(ANIMATING, true);
            animation.play();
        }

        /** Ends an animation at once (its row left the cell, or finished): the row shows as it is. */
        private void stopAnimation() {
            if (animation != null) {
                animation.stop();
                animation = null;
                animated = null;
                pseudoClassStateChanged(ANIMATING, false);
            }
            setOpacity(1);
            setTranslateY(0);
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
            ShownRow row = getTableRow() == null ? null : getTableRow().getItem();
            pseudoClassStateChanged(CHANGED, !empty && row != null && row.changedCells().contains(index));
        }
    }
}
