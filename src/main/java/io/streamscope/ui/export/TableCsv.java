package io.streamscope.ui.export;

import io.streamscope.ui.BatchRow;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.List;

/** Turns what a table shows into a {@link CsvTable}: the visible columns, in their order, every row. FX thread. */
public final class TableCsv {

    private TableCsv() {
    }

    public static <S> CsvTable of(TableView<S> table) {
        List<TableColumn<S, ?>> columns = new ArrayList<>(table.getVisibleLeafColumns());
        List<String> headers = columns.stream().map(TableColumn::getText).toList();
        List<List<String>> rows = new ArrayList<>(table.getItems().size());
        for (S item : table.getItems()) {
            List<String> row = new ArrayList<>(columns.size());
            for (TableColumn<S, ?> column : columns) {
                Object value = column.getCellObservableValue(item) == null ? null : column.getCellObservableValue(item).getValue();
                row.add(value == null ? "" : value.toString());
            }
            rows.add(row);
        }
        return new CsvTable(headers, rows);
    }

    /** The batches of the timeline as a table. */
    public static CsvTable ofBatches(List<BatchRow> batches) {
        List<List<String>> rows = batches.stream().map(row -> List.of(String.valueOf(row.batchId()), row.endOffsets(),
                row.inputRows(), String.valueOf(row.committed()), String.valueOf(row.willReplay()), row.watermark(),
                row.time())).toList();
        return new CsvTable(List.of("batch", "end offsets", "input rows", "committed", "will replay",
                "watermark (UTC)", "time (UTC)"), rows);
    }
}
