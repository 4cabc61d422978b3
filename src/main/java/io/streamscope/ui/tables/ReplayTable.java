package io.streamscope.ui.tables;

import io.streamscope.replay.DroppedRow;
import io.streamscope.ui.display.CellsOnDemandRow;
import javafx.animation.Animation;
import javafx.animation.FadeTransition;
import javafx.animation.ParallelTransition;
import javafx.animation.TranslateTransition;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
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

    /** An input row of the selected batch: its own mark, so that a tint never makes another batch look selected. */
    private static final PseudoClass CURRENT_BATCH = PseudoClass.getPseudoClass("current-batch");
    /** A row a lesson step points at. */
    private static final PseudoClass LESSON_EVIDENCE = PseudoClass.getPseudoClass("lesson-evidence");

    private final TableView<ShownRow> table;
    private ObservableBooleanValue presenting = new javafx.beans.property.SimpleBooleanProperty(false);
    private java.util.function.DoubleSupplier fontPx = () -> 14;
    private java.util.function.LongSupplier selectedBatch = () -> Long.MIN_VALUE;
    /** The result table's changes wait for the input rows to slide in: the input arrives first, then the result. */
    private boolean follows;
    /** The column widths before presentation mode sized them to their content, by column name. */
    private final java.util.Map<String, Double> normalWidths = new java.util.HashMap<>();
    private java.util.function.Predicate<ShownRow> evidence = row -> false;
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

    /**
     * Presentation mode: every column sized to its content (header and cells, timestamps shortened to the clock), the
     * widths before restored on leaving.
     */
    void presentWith(ObservableBooleanValue presenting, java.util.function.DoubleSupplier fontPx) {
        this.presenting = presenting;
        this.fontPx = fontPx;
        presenting.addListener((property, old, on) -> {
            if (on) {
                fitColumns();
            } else {
                setScale(1);
                restoreColumns();
            }
            table.refresh();
        });
    }

    /**
     * Presentation mode: the table's text at {@code scale} of the presentation size (rows and headers with it), and
     * its columns fitted to that; 1 is the size presentation.css gives.
     */
    void setScale(double scale) {
        if (scale == this.scale) {
            return;
        }
        this.scale = scale;
        // relative to the parent's font, as presentation.css's size is; the fixed row height (in em) follows
        table.setStyle(scale == 1 ? "" : String.format(java.util.Locale.ROOT, "-fx-font-size: %.3fem;", TABLE_FONT * scale));
        fitColumns();
    }

    double scale() {
        return scale;
    }

    /** Input rows of {@code selected}'s batch are marked {@code :current-batch}. */
    void markSelectedBatch(java.util.function.LongSupplier selected) {
        this.selectedBatch = selected;
    }

    /** Changed rows flash only once the input table's new rows have slid in. */
    void followInput() {
        this.follows = true;
    }

    /** Marks the rows {@code which} accepts as a lesson's evidence (and selects the first); null clears. */
    int markEvidence(java.util.function.Predicate<ShownRow> which) {
        evidence = which == null ? row -> false : which;
        remark();
        int first = -1;
        for (int i = 0; i < rows.size() && which != null; i++) {
            if (which.test(rows.get(i))) {
                first = i;
                break;
            }
        }
        if (first >= 0) {
            table.getSelectionModel().clearAndSelect(first);
            table.scrollTo(Math.max(0, first - 2));
        } else {
            table.getSelectionModel().clearSelection();
        }
        return first;
    }

    /** The column names on show. */
    List<String> columnNames() {
        return columnNames;
    }

    /** Sizes every column to its header and its widest cell, in the presentation font (only in presentation mode). */
    void fitColumns() {
        if (!presenting.get()) {
            return;
        }
        if (!fitted) { // the widths of before, once, to restore on leaving
            normalWidths.clear();
            table.getColumns().forEach(column -> normalWidths.put(column.getText(), column.getWidth()));
            fitted = true;
        }
        javafx.scene.text.Font cellFont = table.lookup(".table-cell") instanceof javafx.scene.control.Labeled cell
                ? cell.getFont() : null;
        // the size presentation.css gives the cells: the cells' own font may still be the desk's when presentation mode
        // (and its theme) has just come on and the stylesheets are not applied yet
        double size = fontPx.getAsDouble() * TABLE_FONT * scale;
        String family = cellFont != null ? cellFont.getFamily() : javafx.scene.text.Font.getDefault().getFamily();
        // bold: the selected batch's rows and the changed cells are bold
        javafx.scene.text.Font font = javafx.scene.text.Font.font(family, javafx.scene.text.FontWeight.BOLD, size);
        javafx.scene.text.Text measure = new javafx.scene.text.Text();
        measure.setFont(font);
        double padding = size * 1.1;
        int offset = batchColumn ? 1 : 0;
        for (int c = 0; c < table.getColumns().size(); c++) {
            TableColumn<ShownRow, ?> column = table.getColumns().get(c);
            double widest = width(measure, column.getText());
            int index = c - offset;
            int n = rows.size();
            for (int r = Math.max(0, n - 400); r < n; r++) {
                ShownRow row = rows.get(r);
                String text = index < 0 ? (row.batchStart() ? "batch " + row.batchId() : "") : shown(row.cell(index));
                widest = Math.max(widest, width(measure, text));
            }
            double wanted = Math.ceil(widest + padding);
            if (index >= 0 && "partition".equals(column.getText()) && n > 0) {
                // one partition: the column says nothing the strip does not; its room goes to the data
                String first = rows.get(0).cell(index);
                boolean same = rows.stream().allMatch(row -> row.cell(index).equals(first));
                column.setVisible(!same);
            }
            column.setMinWidth(wanted);
            column.setPrefWidth(wanted);
        }
    }

    /** The tables' text in presentation mode, relative to the root font (presentation.css). */
    static final double TABLE_FONT = 0.9;

    private boolean fitted;
    private double scale = 1;

    private void restoreColumns() {
        fitted = false;
        for (TableColumn<ShownRow, ?> column : table.getColumns()) {
            column.setVisible(true);
            column.setMinWidth(10);
            Double width = normalWidths.get(column.getText());
            column.setPrefWidth(width == null ? 80 : width);
        }
    }

    private static double width(javafx.scene.text.Text measure, String text) {
        measure.setText(text == null ? "" : text);
        return measure.getLayoutBounds().getWidth();
    }

    /** A cell's text as shown: in presentation mode a timestamp reads as its clock ({@code 09:01}, {@code 09:04:30}). */
    String shown(String text) {
        return presenting.get() ? shortTime(text) : text;
    }

    /** See {@link ClockText#of}. */
    static String shortTime(String text) {
        return ClockText.of(text);
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
        fitColumns();
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
        fitColumns();
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

    private final class Row extends CellsOnDemandRow<ShownRow> {
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
            pseudoClassStateChanged(CURRENT_BATCH, item != null && item.batchId() == selectedBatch.getAsLong());
            pseudoClassStateChanged(LESSON_EVIDENCE, item != null && evidence.test(item));
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
            if (follows) {
                animation.setDelay(ANIMATION); // the input's new rows first, then the result they make
            }
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

    private final class Cell extends TableCell<ShownRow, String> {
        private final int index;

        Cell(int index) {
            this.index = index;
        }

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            String shown = empty ? null : shown(text);
            setText(shown);
            if (shown != null && !shown.equals(text)) {
                if (getTooltip() == null) {
                    setTooltip(new Tooltip());
                }
                getTooltip().setText(text);
            } else if (getTooltip() != null) {
                setTooltip(null);
            }
            ShownRow row = getTableRow() == null ? null : getTableRow().getItem();
            pseudoClassStateChanged(CHANGED, !empty && row != null && row.changedCells().contains(index));
        }
    }
}
