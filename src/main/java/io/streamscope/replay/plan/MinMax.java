package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/** {@code min} / {@code max} of any orderable type; the buffer is the current extreme, NULL until a value comes. */
final class MinMax implements AggregateFunction {

    private final String name;
    private final SparkType type;

    MinMax(String name, SparkType type) {
        if (type instanceof SparkType.MapType) {
            throw new IllegalArgumentException(name + " cannot order " + type.typeName());
        }
        this.name = name;
        this.type = type;
    }

    @Override
    public SparkType resultType() {
        return type;
    }

    @Override
    public List<SparkType.Field> bufferFields() {
        return List.of(new SparkType.Field(name, type, true));
    }

    @Override
    public Object[] initialBuffer() {
        return new Object[]{null};
    }

    @Override
    public void update(Object[] buffer, Object input) {
        if (input == null) {
            return;
        }
        if (buffer[0] == null) {
            buffer[0] = input;
            return;
        }
        int c = Values.compare(input, buffer[0]);
        if (name.equals("min") ? c < 0 : c > 0) {
            buffer[0] = input;
        }
    }

    @Override
    public Object result(Object[] buffer) {
        return buffer[0];
    }

    @Override
    public void merge(Object[] into, Object[] other) {
        update(into, other[0]);
    }
}
