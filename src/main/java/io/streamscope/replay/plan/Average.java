package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

/**
 * {@code avg}: double over numbers, {@code decimal(p+4,s+4)} over {@code decimal(p,s)}. Spark's buffer is
 * {@code (sum, count)} with the sum as {@code decimal(p+10,s)} (or double); NULL when no non-NULL input.
 */
final class Average implements AggregateFunction {

    private final SparkType resultType;
    private final SparkType sumType;
    private final boolean ansi;

    Average(SparkType input, boolean ansi) {
        this.ansi = ansi;
        if (input instanceof SparkType.Decimal d) {
            resultType = DecimalMath.bounded(d.precision() + 4, d.scale() + 4);
            sumType = DecimalMath.bounded(d.precision() + 10, d.scale());
        } else if (Values.isNumeric(input) || input == SparkType.Atomic.NULL) {
            resultType = SparkType.Atomic.DOUBLE;
            sumType = SparkType.Atomic.DOUBLE;
        } else {
            throw new IllegalArgumentException("avg needs a numeric argument, not " + input.typeName());
        }
    }

    @Override
    public SparkType resultType() {
        return resultType;
    }

    @Override
    public List<SparkType.Field> bufferFields() {
        return List.of(new SparkType.Field("sum", sumType, true), new SparkType.Field("count", SparkType.Atomic.LONG, true));
    }

    @Override
    public Object[] initialBuffer() {
        Object zero = sumType instanceof SparkType.Decimal d ? BigDecimal.ZERO.setScale(d.scale()) : (Object) 0.0;
        return new Object[]{zero, 0L};
    }

    @Override
    public void update(Object[] buffer, Object input) {
        if (input == null) {
            return;
        }
        if (sumType instanceof SparkType.Decimal d) {
            buffer[0] = buffer[0] == null ? null : DecimalMath.fit(((BigDecimal) buffer[0]).add(Values.toBigDecimal(input)), d, ansi);
        } else {
            buffer[0] = (Double) buffer[0] + ((Number) input).doubleValue();
        }
        buffer[1] = (Long) buffer[1] + 1;
    }

    @Override
    public Object result(Object[] buffer) {
        long count = (Long) buffer[1];
        if (count == 0 || buffer[0] == null) {
            return null;
        }
        if (resultType instanceof SparkType.Decimal d) {
            BigDecimal quotient = ((BigDecimal) buffer[0]).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128);
            return DecimalMath.fit(quotient.setScale(d.scale(), RoundingMode.HALF_UP), d, ansi);
        }
        return (Double) buffer[0] / count;
    }

    @Override
    public void merge(Object[] into, Object[] other) {
        if (sumType instanceof SparkType.Decimal d) {
            into[0] = into[0] == null || other[0] == null ? null
                    : DecimalMath.fit(((BigDecimal) into[0]).add((BigDecimal) other[0]), d, ansi);
        } else {
            into[0] = (Double) into[0] + (Double) other[0];
        }
        into[1] = (Long) into[1] + (Long) other[1];
    }
}
