package io.streamscope.ui.tables;

import io.streamscope.ui.display.DisplayViewModel;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Presentation mode: the output tabs keep the height the result table's rows take, and what is under them in the
 * output column (the state as columns) gives way first, down to its own least height; room left over goes to the
 * tabs. The result table is what the class is looking at: on a 1280×720 projector the state had taken its whole height
 * first, and the running example's three result rows (batch 0 in update mode, batch 2 in complete mode) showed as two
 * and a half. With no rows, its placeholder, or the refusal shown in its place, is whole. Where the column is too
 * short for both, the result table scrolls as before. Outside presentation mode the tabs' sizes are their own.
 */
final class ResultHeightFit {

    private final TabPane tabs;
    private final TableView<?> result;
    private final DisplayViewModel display;

    ResultHeightFit(TabPane tabs, TableView<?> result, DisplayViewModel display) {
        this.tabs = tabs;
        this.result = result;
        this.display = display;
        if (tabs.getParent() instanceof Region column) {
            column.heightProperty().addListener(changed -> apply());
        }
    }

    /** Fits the tabs' least height to the rows on show (after each step, and as the column's height changes). */
    void apply() {
        if (!display.isPresentation() || !(tabs.getParent() instanceof VBox column)) {
            tabs.setMinHeight(Region.USE_COMPUTED_SIZE);
            tabs.setPrefHeight(Region.USE_COMPUTED_SIZE);
            return;
        }
        if (!(tabs.lookup(".tab-header-area") instanceof Region headers)
                || !(result.lookup(".column-header-background") instanceof Region columnHeaders)
                || result.getFixedCellSize() <= 0 || column.getHeight() <= 0) {
            return; // not laid out yet: the next step or resize fits it
        }
        double content = tabs.lookup(".tab-content-area") instanceof Region area
                ? area.snappedTopInset() + area.snappedBottomInset() : 0;
        double table = result.snappedTopInset() + result.snappedBottomInset() + columnHeaders.prefHeight(-1)
                + rowsHeight() + horizontalBar();
        double wanted = Math.ceil(tabs.snappedTopInset() + tabs.snappedBottomInset() + headers.prefHeight(-1) + content
                + Math.max(table, standingIn())) + 1;
        // presentation.css leaves the column no least height of its own, so this is the height it is given: one whose
        // parts' least exceeded it was drawn centred on its place by the split, over the strip above
        double height = Math.max(0, Math.min(wanted, column.getHeight() - leastOfTheRest(column)));
        // its preferred height too: the rest takes its own, and only what is left over goes to the tabs (they grow)
        tabs.setMinHeight(height);
        tabs.setPrefHeight(height);
    }

    /** Its rows, or where there are none its placeholder (what the batch's result is still waiting for), whole. */
    private double rowsHeight() {
        int rows = result.getItems().size();
        if (rows > 0) {
            return rows * result.getFixedCellSize();
        }
        Node placeholder = result.getPlaceholder();
        double said = placeholder == null ? 0 : placeholder.prefHeight(result.getWidth());
        return Math.max(2 * result.getFixedCellSize(), said);
    }

    /**
     * What stands in for the table in its place, whole: the refusal that says why a job's result cannot be shown (a
     * job that runs its own code), over the table; at 1280×720 it had been cut to its first line.
     */
    private double standingIn() {
        double tallest = 0;
        if (result.getParent() instanceof Region place) {
            for (Node other : place.getChildrenUnmodifiable()) {
                if (other != result && other.isVisible() && other.isManaged()) {
                    tallest = Math.max(tallest, other.prefHeight(place.getWidth()));
                }
            }
        }
        return tallest;
    }

    /** The result table's horizontal scroll bar, where its columns are wider than it: it takes a row's room. */
    private double horizontalBar() {
        for (Node node : result.lookupAll(".scroll-bar")) {
            if (node instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible()) {
                return bar.prefHeight(-1);
            }
        }
        return 0;
    }

    /** The least height of the column's other parts, its spacing and its insets. */
    private double leastOfTheRest(VBox column) {
        double least = column.snappedTopInset() + column.snappedBottomInset();
        int managed = 0;
        for (Node child : column.getChildren()) {
            if (!child.isManaged()) {
                continue;
            }
            managed++;
            if (child != tabs) {
                least += child.minHeight(-1);
            }
        }
        return least + column.getSpacing() * Math.max(0, managed - 1);
    }
}
