package io.streamscope.ui.tables;

import io.streamscope.ui.display.DisplayViewModel;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * Presentation mode: the output tabs keep the height their chosen tab's content takes (the result table's rows, or
 * the refusal or placeholder that stands in for them; what the sink received), and what is under them in the output
 * column (the state as columns) gives way first, down to its own least height; room left over goes to the tabs. Where
 * the column cannot hold the least of both (under the lesson's panel), the part beneath gives way whole
 * ({@link #roomBeneathProperty()}). The output is what the class is looking at: on a 1280×720 projector the state had
 * taken its whole height first, and the running example's three result rows showed as two and a half; under the
 * lesson's panel the refusal of append without a watermark read "Append output mode not supported when there are ...".
 * Outside presentation mode the tabs' sizes are their own.
 */
final class OutputHeightFit {

    /** Rows of a table that the output keeps at least, where the part beneath would take them. */
    private static final int LEAST_ROWS = 2;
    private static final double SLACK = 3;

    private final TabPane tabs;
    private final DisplayViewModel display;
    private final ReadOnlyBooleanWrapper roomBeneath = new ReadOnlyBooleanWrapper(this, "roomBeneath", true);

    OutputHeightFit(TabPane tabs, DisplayViewModel display) {
        this.tabs = tabs;
        this.display = display;
        if (tabs.getParent() instanceof Region column) {
            column.heightProperty().addListener(changed -> apply());
        }
        tabs.getSelectionModel().selectedItemProperty().addListener(changed -> apply());
        // the tables' rows set what the tabs need: fitted whenever they change, not only when a step asks; and so
        // does the width (a wrapped text takes more lines where narrower), which settles after the fit that set it
        for (Tab tab : tabs.getTabs()) {
            watchRows(tab.getContent());
            if (tab.getContent() instanceof Region content) {
                content.widthProperty().addListener(changed -> apply());
            }
        }
    }

    private void watchRows(Node node) {
        if (node instanceof TableView<?> table) {
            InvalidationListener rows = changed -> apply();
            table.itemsProperty().addListener((property, old, items) -> {
                if (old != null) {
                    old.removeListener(rows);
                }
                if (items != null) {
                    items.addListener(rows);
                }
                apply();
            });
            if (table.getItems() != null) {
                table.getItems().addListener(rows);
            }
            table.fixedCellSizeProperty().addListener(rows); // a wide result shown smaller (TablesController)
        } else if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(this::watchRows);
        }
    }

    /** Whether the parts under the tabs have room beside the output's least: they show only while they do. */
    ReadOnlyBooleanProperty roomBeneathProperty() {
        return roomBeneath.getReadOnlyProperty();
    }

    /** Fits the tabs' height to what their chosen tab shows (after each step, and as the column's height changes). */
    void apply() {
        Tab chosen = tabs.getSelectionModel().getSelectedItem();
        if (!display.isPresentation() || !(tabs.getParent() instanceof VBox column) || chosen == null
                || !(chosen.getContent() instanceof Region content)) {
            tabs.setMinHeight(Region.USE_COMPUTED_SIZE);
            tabs.setPrefHeight(Region.USE_COMPUTED_SIZE);
            roomBeneath.set(true);
            return;
        }
        if (!(tabs.lookup(".tab-header-area") instanceof Region headers) || column.getHeight() <= 0 || content.getWidth() <= 0) {
            return; // not laid out yet: the next step or resize fits it
        }
        double around = tabs.snappedTopInset() + tabs.snappedBottomInset() + headers.prefHeight(-1)
                + (tabs.lookup(".tab-content-area") instanceof Region area ? area.snappedTopInset() + area.snappedBottomInset() : 0);
        // a few pixels over: rows of a fractional height (1.7 em) in a viewport snapped to pixels left the table a
        // fraction of a pixel to scroll, and a table scrolled by it showed its first row cut
        double wanted = Math.ceil(around + need(content, content.getWidth(), Integer.MAX_VALUE)) + SLACK;
        double least = Math.ceil(around + need(content, content.getWidth(), LEAST_ROWS)) + SLACK;
        double above = leastOfParts(column, true);
        double beneath = leastOfParts(column, false);
        boolean room = above + least + beneath <= column.getHeight();
        roomBeneath.set(room);
        double height = Math.max(0, Math.min(wanted, column.getHeight() - above - (room ? beneath : 0)));
        // its preferred height too: the rest takes its own, and only what is left over goes to the tabs (they grow)
        tabs.setMinHeight(height);
        tabs.setPrefHeight(height);
    }

    /**
     * The height {@code node} takes to show whole at {@code width}: a table's headers and rows (at most {@code rows}
     * of them; its placeholder where it has none), a stack's tallest part on show, a column's parts one under another,
     * anything else its preferred height.
     */
    private static double need(Node node, double width, int rows) {
        if (node instanceof TableView<?> table && table.getFixedCellSize() > 0
                && table.lookup(".column-header-background") instanceof Region columnHeaders) {
            int items = table.getItems().size();
            double body = items > 0 ? Math.min(items, rows) * table.getFixedCellSize()
                    : Math.max(LEAST_ROWS * table.getFixedCellSize(),
                            table.getPlaceholder() == null ? 0 : table.getPlaceholder().prefHeight(width));
            return table.snappedTopInset() + table.snappedBottomInset() + columnHeaders.prefHeight(-1) + body
                    + horizontalBar(table);
        }
        if (node instanceof StackPane stack) {
            double tallest = 0;
            for (Node part : shown(stack)) {
                tallest = Math.max(tallest, need(part, width - stack.snappedLeftInset() - stack.snappedRightInset(), rows));
            }
            return stack.snappedTopInset() + stack.snappedBottomInset() + tallest;
        }
        if (node instanceof VBox box) {
            double sum = box.snappedTopInset() + box.snappedBottomInset();
            int parts = 0;
            for (Node part : shown(box)) {
                sum += need(part, width - box.snappedLeftInset() - box.snappedRightInset(), rows);
                parts++;
            }
            return sum + box.getSpacing() * Math.max(0, parts - 1);
        }
        return node.prefHeight(width);
    }

    private static java.util.List<Node> shown(Parent parent) {
        return parent.getChildrenUnmodifiable().stream().filter(part -> part.isVisible() && part.isManaged()).toList();
    }

    /** A table's horizontal scroll bar, where its columns are wider than it: it takes a row's room. */
    private static double horizontalBar(TableView<?> table) {
        for (Node node : table.lookupAll(".scroll-bar")) {
            if (node instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible()) {
                return bar.prefHeight(-1);
            }
        }
        return 0;
    }

    /**
     * The least height of the column's parts above the tabs on show, with its top inset and their spacing, or of
     * those under them that show or (while there is no room beneath) it hid, with its bottom inset and their spacing.
     */
    private double leastOfParts(VBox column, boolean aboveTabs) {
        double least = aboveTabs ? column.snappedTopInset() : column.snappedBottomInset();
        boolean below = false;
        for (Node child : column.getChildren()) {
            if (child == tabs) {
                below = true;
            } else if (below != aboveTabs && (child.isManaged() || below && !roomBeneath.get())) {
                least += child.minHeight(column.getWidth()) + column.getSpacing();
            }
        }
        return least;
    }
}
