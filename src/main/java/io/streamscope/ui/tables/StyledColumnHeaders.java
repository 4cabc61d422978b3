package io.streamscope.ui.tables;

import javafx.scene.control.TableColumnBase;
import javafx.scene.control.skin.NestedTableColumnHeader;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TableHeaderRow;
import javafx.scene.control.skin.TableViewSkinBase;

/**
 * A replay table's header row, whose column headers take their style before JavaFX fits their columns to them.
 * JavaFX fits a new column to its header and first cells the moment the header joins the scene, in the layout pass
 * that made it, before any CSS has reached the header: it measured the header's text in the default font, and the
 * theme draws it bold and larger. On the shop sample the input table's headers read "parti…", "off…", "custome…".
 */
final class StyledColumnHeaders extends TableHeaderRow {

    StyledColumnHeaders(TableViewSkinBase<?, ?, ?, ?, ?> skin) {
        super(skin);
    }

    @Override
    protected NestedTableColumnHeader createRootHeader() {
        return new Nested(null);
    }

    /** Makes {@link Styled} headers for plain columns, as JavaFX's own makes its headers. */
    private static final class Nested extends NestedTableColumnHeader {
        Nested(TableColumnBase<?, ?> column) {
            super(column);
        }

        @Override
        protected TableColumnHeader createTableColumnHeader(TableColumnBase column) {
            return column == null || column.getColumns().isEmpty() || column == getTableColumn()
                    ? new Styled(column) : new Nested(column);
        }
    }

    private static final class Styled extends TableColumnHeader {
        Styled(TableColumnBase<?, ?> column) {
            super(column);
        }

        @Override
        protected void resizeColumnToFitContent(int maxRows) {
            applyCss(); // the header's font and padding as the theme gives them, before JavaFX measures with them
            super.resizeColumnToFitContent(maxRows);
        }
    }
}
