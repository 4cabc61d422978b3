package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Rows chosen by the test for each batch of a real checkpoint, to replay situations the samples do not hold. */
record ScriptedInput(Map<Long, List<Row>> rowsByBatch) implements InputSource {

    static Row order(int orderId, int customerId, String amount, String orderTs) {
        return new Row(ShopTopic.SCHEMA, Arrays.asList(orderId, customerId, amount == null ? null : new BigDecimal(amount),
                orderTs == null ? null : Instant.parse(orderTs)));
    }

    @Override
    public SparkType.Struct schema() {
        return ShopTopic.SCHEMA;
    }

    @Override
    public List<Row> rowsOf(Batch batch) {
        return rowsByBatch.getOrDefault(batch.id(), List.of());
    }
}
