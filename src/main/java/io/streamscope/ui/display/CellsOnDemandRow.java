package io.streamscope.ui.display;

import javafx.scene.Parent;
import javafx.scene.control.Skin;
import javafx.scene.control.SkinBase;
import javafx.scene.control.TableRow;
import javafx.scene.control.skin.TableRowSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * A table row that makes its cells the first time it shows an item. A table fills the room below its last item with
 * empty rows, each with JavaFX's row skin and a cell per column (each cell with its skin and text), styled and laid out
 * like a row of data though nothing of them shows: in the window's first frame on the shop sample (1280×1024), the
 * state table's three rows came with eleven empty ones, 55 cells, and the input and result tables' rows with more once
 * their rows arrived. An empty row here has a skin without children until its first item gives it JavaFX's own; a
 * row that empties again keeps that. Empty rows take no clicks in JavaFX either ({@code CellBehaviorBase} ignores
 * them), and nothing of them was drawn: the window looks the same to the pixel.
 * For tables with a fixed cell size (every table that uses it has one): an empty row's height is that size.
 */
public class CellsOnDemandRow<T> extends TableRow<T> {

    @Override
    protected Skin<?> createDefaultSkin() {
        if (!inFlow()) {
            return new Measuring<>(this);
        }
        return isEmpty() ? new Blank<>(this) : new TableRowSkin<>(this);
    }

    /**
     * Whether the row is one of the table's rows on screen. JavaFX also makes a row of the factory's, empty, to measure
     * a column's cells in when it fits the column to them (once for each column of a new table): that row holds the
     * one cell JavaFX measures in its skin's children, and gets {@link Measuring}.
     */
    private boolean inFlow() {
        for (Parent parent = getParent(); parent != null && parent != getTableView(); parent = parent.getParent()) {
            if (parent instanceof VirtualFlow) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        if (!empty && getSkin() instanceof Blank) {
            setSkin(new TableRowSkin<>(this));
        }
    }

    /** Whether the row has its cells yet (tests). */
    public boolean hasCells() {
        return getSkin() instanceof TableRowSkin;
    }

    /**
     * The skin of the row JavaFX measures a column's cells in: no cells of its own, only the one JavaFX adds. With
     * JavaFX's row skin that row made and styled a cell for every column, for each column it fitted, the table's
     * column count squared: fitting the replay tables' columns in the shop sample's first frame took four times as
     * long (the FX thread's CPU, profiled). It is never swapped for JavaFX's skin (the cell JavaFX added would go with
     * the children, unstyled: the column came out narrower), and the row's pseudo-classes reach the cell as before,
     * so a bold row is measured bold.
     */
    private static final class Measuring<T> extends SkinBase<TableRow<T>> {
        Measuring(TableRow<T> row) {
            super(row);
        }
    }

    private static final class Blank<T> extends SkinBase<TableRow<T>> {
        Blank(TableRow<T> row) {
            super(row);
        }

        @Override
        protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
            var table = getSkinnable().getTableView();
            double fixed = table == null ? 0 : table.getFixedCellSize();
            return fixed > 0 ? fixed : super.computePrefHeight(width, top, right, bottom, left);
        }
    }
}
