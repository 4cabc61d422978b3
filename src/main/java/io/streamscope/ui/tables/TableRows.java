package io.streamscope.ui.tables;

import io.streamscope.sparktypes.SparkJson;
import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.ResultChange;
import io.streamscope.replay.JobInput;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Turns a replay into the rows the result and sink tables show, and an input row into its texts ({@link UnboundedTable}
 * keeps the input table's rows and append mode's result rows). Pure functions; no JavaFX.
 */
public final class TableRows {

    public static final String ARROW = " → ";
    private static final List<String> INPUT_COORDINATES = List.of("partition", "offset");
    private static final String TOPIC = "topic";

    private TableRows() {
    }

    public static List<String> columns(SparkType.Struct schema) {
        return schema.fields().stream().map(SparkType.Field::name).toList();
    }

    /** The input table's columns: the record's Kafka partition and offset, then the value columns. */
    public static List<String> inputColumns(SparkType.Struct schema) {
        return inputColumns(schema, false);
    }

    /** The input table's columns: the record's topic (with several sources), partition and offset, then the values. */
    public static List<String> inputColumns(SparkType.Struct schema, boolean withTopic) {
        List<String> columns = new ArrayList<>();
        if (withTopic) {
            columns.add(TOPIC);
        }
        columns.addAll(INPUT_COORDINATES);
        columns.addAll(columns(schema));
        return columns;
    }

    /** A row of the unbounded table: its record's partition and offset (blank where unknown), then its values. */
    static List<String> inputCells(Row row, JobInput.Coordinates where) {
        return inputCells(row, where, false);
    }

    /** As {@link #inputCells(Row, JobInput.Coordinates)}, led by the record's topic when {@code withTopic}. */
    static List<String> inputCells(Row row, JobInput.Coordinates where, boolean withTopic) {
        List<String> cells = new ArrayList<>(INPUT_COORDINATES.size() + 1 + row.values().size());
        if (withTopic) {
            cells.add(where == null ? "" : where.topic());
        }
        cells.add(where == null ? "" : Integer.toString(where.partition()));
        cells.add(where == null ? "" : Long.toString(where.offset()));
        cells.addAll(texts(row));
        return cells;
    }

    /**
     * The result table of the selected batch under {@code mode}, see the comment of each case; append mode's (every
     * row written so far, the batch's own marked added at the bottom) is {@link UnboundedTable}'s, which the window
     * steps incrementally.
     */
    public static List<ShownRow> result(Replay replay, BatchStep step, OutputMode mode) {
        return switch (mode) {
            case APPEND -> new UnboundedTable().select(replay, UnboundedTable.SINK_ROWS, step.batchId()).added();
            case UPDATE -> updated(step);
            case COMPLETE -> complete(step);
        };
    }

    /** What the sink received in the batch. */
    public static List<ShownRow> sink(BatchStep step) {
        List<ShownRow> rows = new ArrayList<>();
        for (Row row : step.sinkRows()) {
            rows.add(new ShownRow(texts(row), step.batchId(), false, Set.of(), ""));
        }
        return rows;
    }

    /** Update: the rows the batch changed, each cell as {@code old → new} where it changed. */
    private static List<ShownRow> updated(BatchStep step) {
        List<ShownRow> rows = new ArrayList<>();
        for (Row row : step.sinkRows()) {
            ResultChange change = changeOf(step, row);
            Row before = change == null ? null : change.before();
            List<String> after = texts(row);
            List<String> cells = new ArrayList<>();
            Set<Integer> changed = new HashSet<>();
            for (int i = 0; i < after.size(); i++) {
                String old = before == null ? null : text(before.values().get(i));
                if (before == null || !Objects.equals(old, after.get(i))) {
                    changed.add(i);
                }
                cells.add(old != null && !old.equals(after.get(i)) ? old + ARROW + after.get(i) : after.get(i));
            }
            rows.add(new ShownRow(cells, step.batchId(), false, changed, kindOf(change, "updated")));
        }
        return rows;
    }

    /** Complete: the whole result table, the cells the batch changed marked. */
    private static List<ShownRow> complete(BatchStep step) {
        List<ShownRow> rows = new ArrayList<>();
        for (Row row : step.resultTable()) {
            ResultChange change = changeOf(step, row);
            List<String> cells = texts(row);
            Set<Integer> changed = new HashSet<>();
            if (change != null) {
                for (int i = 0; i < cells.size(); i++) {
                    if (change.before() == null || !Objects.equals(text(change.before().values().get(i)), cells.get(i))) {
                        changed.add(i);
                    }
                }
            }
            rows.add(new ShownRow(cells, step.batchId(), false, changed, change == null ? "" : kindOf(change, "")));
        }
        return rows;
    }

    private static ResultChange changeOf(BatchStep step, Row row) {
        for (ResultChange change : step.changes()) {
            if (row.equals(change.after())) {
                return change;
            }
        }
        return null;
    }

    private static String kindOf(ResultChange change, String otherwise) {
        return change == null ? otherwise : change.kind().name().toLowerCase(Locale.ROOT);
    }

    static List<String> texts(Row row) {
        return row.values().stream().map(TableRows::text).toList();
    }

    /** As Spark's {@code to_json} writes the value, without the quotes around text; NULL for null. */
    static String text(Object value) {
        if (value == null) {
            return "NULL";
        }
        String json = SparkJson.text(value);
        return json.length() >= 2 && json.startsWith("\"") && json.endsWith("\"") ? json.substring(1, json.length() - 1)
                : json;
    }
}
