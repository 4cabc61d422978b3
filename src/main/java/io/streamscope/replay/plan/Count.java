package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/** {@code count(x)}: the rows where {@code x} is not NULL ({@code count(1)}, i.e. {@code count(*)}: all rows). */
final class Count implements AggregateFunction {

    @Override
    public SparkType resultType() {
        return SparkType.Atomic.LONG;
    }

    @Override
    public List<SparkType.Field> bufferFields() {
        return List.of(new SparkType.Field("count", SparkType.Atomic.LONG, false));
    }

    @Override
    public Object[] initialBuffer() {
        return new Object[]{0L};
    }

    @Override
    public void update(Object[] buffer, Object input) {
        if (input != null) {
            buffer[0] = (Long) buffer[0] + 1;
        }
    }

    @Override
    public Object result(Object[] buffer) {
        return buffer[0];
    }

    @Override
    public void merge(Object[] into, Object[] other) {
        into[0] = (Long) into[0] + (Long) other[0];
    }
}
