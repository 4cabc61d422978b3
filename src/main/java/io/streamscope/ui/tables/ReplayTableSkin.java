package io.streamscope.ui.tables;

import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * A replay table's skin: JavaFX's own, except that a change of the row count does not lay the rows out on the spot,
 * a scroll to the last row does not walk every row, and a column is fitted to its header as the theme draws it
 * ({@link StyledColumnHeaders}).
 * JavaFX's flow lays its cells out inside the count's change and again in the layout pass that follows; each layout
 * walks the size of every row (100,000 in a long replay), so the first one, whose result the second replaces, cost a
 * step several milliseconds per table. The count's change still requests the layout, which the next pulse (or
 * {@code scrollTo}, or a snapshot) runs. Every {@code .replay-table} has it: the input, result and sink tables and
 * presentation mode's state columns.
 */
public final class ReplayTableSkin<T> extends TableViewSkin<T> {

    private DeferringFlow<T> flow;

    /** Made by the stylesheet ({@code -fx-skin} of {@code .replay-table}), as JavaFX makes a table's own skin. */
    public ReplayTableSkin(TableView<T> table) {
        super(table);
    }

    @Override
    protected javafx.scene.control.skin.TableHeaderRow createTableHeaderRow() {
        return new StyledColumnHeaders(this);
    }

    @Override
    protected VirtualFlow<TableRow<T>> createVirtualFlow() {
        // runs inside the super constructor: the field has no initialiser, so this assignment stands
        flow = new DeferringFlow<>();
        return flow;
    }

    @Override
    protected void updateItemCount() {
        flow.deferring = flow.overflows(flow.getCellCount()) && flow.overflows(getItemCount());
        try {
            super.updateItemCount();
        } finally {
            flow.deferring = false;
        }
    }

    private static final class DeferringFlow<T> extends VirtualFlow<TableRow<T>> {
        private boolean deferring;

        /**
         * Whether {@code rows} rows, all of one height, fill more than the flow as laid out. Only then is the layout
         * deferred (or the scroll to the end taken directly): the scroll bars stay as they were, so does the room the
         * rows have, and where the view is on the list needs no layout first. A list that fits, or a flow not laid out
         * yet, goes JavaFX's own way.
         */
        boolean overflows(int rows) {
            double height = getHeight();
            return getFixedCellSize() > 0 && height > 0 && rows * getFixedCellSize() > height;
        }

        @Override
        protected void layoutChildren() {
            if (deferring) {
                requestLayout();
                return;
            }
            super.layoutChildren();
        }

        /**
         * To the last row of a list that {@link #overflows}: the end of the list, as JavaFX itself scrolls past the
         * last row. Its own way first measures and sums the heights of every row before it.
         */
        @Override
        public void scrollToTop(int index) {
            int count = getCellCount();
            if (index == count - 1 && overflows(count)) {
                setPosition(1);
                requestLayout();
                return;
            }
            super.scrollToTop(index);
        }
    }
}
