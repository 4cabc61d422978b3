package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.BatchRecords;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.util.ArrayList;
import java.util.List;

/**
 * The stream's rows as the replay reads them: each batch's records from the topic source, decoded like
 * {@code from_json(value, schema)} in PERMISSIVE mode, value columns only (a null or malformed value is a row of
 * nulls, as {@code select("o.*")} sees it). Records the batch read that the source lacks stop the replay.
 */
public record TopicInput(TopicSource topics, SparkType.Struct schema, RowDecoder decoder) implements InputSource {

    @Override
    public List<Row> rowsOf(Batch batch) throws InputException {
        BatchRecords records;
        try {
            records = BatchReader.read(topics, batch, ReadOptions.fullValues());
        } catch (TopicException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (!records.notes().isEmpty()) {
            throw new InputException(String.join("; ", records.notes()));
        }
        if (!records.missing().isEmpty()) {
            throw new InputException("records the batch read are not in " + topics.description() + ": "
                    + records.missing());
        }
        List<Row> result = new ArrayList<>();
        for (TopicRecord record : records.records()) {
            result.add(decoder.decode(record.value()).rowOrNulls(schema));
        }
        return result;
    }
}
