package io.streamscope.ui.state;

import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

import java.util.List;
import java.util.function.Function;

/**
 * Widens the state table's columns to their header and their widest cell among the first rows, measured in the
 * table's own font, bold (a changed cell is bold): a timestamp or a {@code 37.50 → 47.49} is wider than a guess by
 * characters. Only ever widens, and never a column the user resized ({@link #keepUserWidths}): its width is the user's
 * as rows arrive in chunks.
 */
final class StateColumnWidths {

    private static final String USER_WIDTH = "streamscope.userWidth";

    /** Enough rows to find the widest value of a typical store, few enough to measure on every chunk. */
    static final int SAMPLED_ROWS = 40;
    private static final double MAX_WIDTH_EM = 32;

    private StateColumnWidths() {
    }

    /**
     * Resizes columns as JavaFX's unconstrained policy does and marks each column the user resized (a header's edge
     * dragged, which is {@link TableView#resizeColumn}; for a group header, all its leaves): {@link #fit} leaves it
     * alone from then on, and its preferred width becomes the user's, so nothing else sizes it back.
     */
    static <R> void keepUserWidths(TableView<R> table) {
        table.setColumnResizePolicy(features -> {
            boolean resized = TableView.UNCONSTRAINED_RESIZE_POLICY.call(features);
            TableColumn<?, ?> column = features.getColumn();
            if (column != null) { // null: the table itself was resized
                for (TableColumn<?, ?> leaf : leaves(List.of(column))) {
                    leaf.getProperties().put(USER_WIDTH, Boolean.TRUE);
                    leaf.setPrefWidth(leaf.getWidth());
                }
            }
            return resized;
        });
    }

    static boolean userSized(TableColumn<?, ?> column) {
        return Boolean.TRUE.equals(column.getProperties().get(USER_WIDTH));
    }

    static <R> void fit(TableView<R> table, Font fallback, Function<TableColumn<R, String>, Function<R, String>> textOf) {
        Font font = cellFont(table, fallback);
        Text measure = new Text();
        measure.setFont(Font.font(font.getFamily(), FontWeight.BOLD, font.getSize()));
        List<R> rows = table.getItems().subList(0, Math.min(SAMPLED_ROWS, table.getItems().size()));
        for (TableColumn<R, ?> column : leaves(table.getColumns())) {
            if (userSized(column)) {
                continue;
            }
            @SuppressWarnings("unchecked")
            TableColumn<R, String> leaf = (TableColumn<R, String>) column;
            Function<R, String> text = textOf.apply(leaf);
            double widest = width(measure, column.getText());
            if (text != null) {
                for (R row : rows) {
                    widest = Math.max(widest, width(measure, text.apply(row)));
                }
            }
            // the cell's padding and a sort arrow's room in the header
            double wanted = Math.ceil(Math.min(widest, MAX_WIDTH_EM * font.getSize()) + 1.6 * font.getSize());
            if (wanted > column.getPrefWidth()) {
                column.setPrefWidth(wanted);
            }
        }
    }

    private static <R> List<TableColumn<R, ?>> leaves(List<? extends TableColumn<R, ?>> columns) {
        List<TableColumn<R, ?>> leaves = new java.util.ArrayList<>();
        for (TableColumn<R, ?> column : columns) {
            if (column.getColumns().isEmpty()) {
                leaves.add(column);
            } else {
                leaves.addAll(leaves(column.getColumns()));
            }
        }
        return leaves;
    }

    /** A cell's font once the table has cells; before, the fallback (a label styled like them). */
    private static Font cellFont(TableView<?> table, Font fallback) {
        return table.lookup(".table-cell") instanceof Labeled cell ? cell.getFont() : fallback;
    }

    private static double width(Text measure, String text) {
        measure.setText(text == null ? "" : text);
        return measure.getLayoutBounds().getWidth();
    }
}
