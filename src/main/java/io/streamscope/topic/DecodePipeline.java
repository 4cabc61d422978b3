package io.streamscope.topic;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How one Kafka record becomes a row, stage by stage, as the chapter teaches it: the value is bytes (shown as hex),
 * {@code CAST(value AS STRING)} reads them as UTF-8, {@code from_json(…, schema)} makes columns of the text; in
 * PERMISSIVE mode a field that does not fit its type is null, and a value that is not a JSON object is a row of
 * nulls.
 *
 * @param valueHex  the value's first bytes in hex ({@code 7b 22 6f …}), {@code …} when there are more; null for a
 *                  tombstone
 * @param valueText the value read as UTF-8 (what {@code CAST(value AS STRING)} gives), or null
 * @param decoded   what {@code from_json} gave; null for a preview of a long value (read the whole record)
 * @param columns   each column of the schema with its value as {@code to_json} writes it, or null
 */
public record DecodePipeline(String valueHex, String valueText, DecodedRow decoded, List<Column> columns) {

    /** How many bytes the hex stage shows. */
    public static final int HEX_BYTES = 64;

    public DecodePipeline {
        columns = List.copyOf(columns);
    }

    /** One column of the decoded row: its name, its type in SQL, its value (null: SQL NULL). */
    public record Column(String name, String type, String value) {
    }

    public static DecodePipeline of(TopicRecord record, RowDecoder decoder) {
        Bytes value = record.value();
        if (value == null) {
            return new DecodePipeline(null, null, decoder.decode((Bytes) null), nullColumns(decoder.schema()));
        }
        byte[] bytes = value.toByteArray();
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, HEX_BYTES); i++) {
            hex.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
        }
        if (bytes.length > HEX_BYTES || value.truncated()) {
            hex.append(" …");
        }
        Optional<String> text = value.utf8Text();
        if (value.truncated()) {
            // a preview: show its bytes and text; the columns need the whole value
            return new DecodePipeline(hex.toString(), text.orElse(value.lenientText()), null, nullColumns(decoder.schema()));
        }
        DecodedRow decoded = decoder.decode(value);
        Row row = decoded.rowOrNulls(decoder.schema());
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < decoder.schema().size(); i++) {
            SparkType.Field field = decoder.schema().field(i);
            Object cell = row.values().get(i);
            columns.add(new Column(field.name(), io.streamscope.topic.DdlParser.ddlOf(field.type()),
                    cell == null ? null : SparkJson.text(cell)));
        }
        return new DecodePipeline(hex.toString(), text.orElse(value.lenientText()), decoded, columns);
    }

    private static List<Column> nullColumns(SparkType.Struct schema) {
        List<Column> columns = new ArrayList<>();
        for (SparkType.Field field : schema.fields()) {
            columns.add(new Column(field.name(), io.streamscope.topic.DdlParser.ddlOf(field.type()), null));
        }
        return columns;
    }
}
