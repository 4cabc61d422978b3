package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.util.List;

/**
 * {@code sum}: bigint over integers, double over floating point, {@code decimal(p+10,s)} over {@code decimal(p,s)}.
 * For decimals Spark's buffer is {@code (sum, isEmpty)}, starting at {@code (0, true)}; otherwise {@code (sum)},
 * starting at null. NULL inputs are skipped; a group with only NULLs sums to NULL.
 */
final class Sum implements AggregateFunction {

    private final SparkType resultType;
    private final boolean ansi;

    Sum(SparkType input, boolean ansi) {
        this.ansi = ansi;
        if (input instanceof SparkType.Decimal d) {
            resultType = DecimalMath.bounded(d.precision() + 10, d.scale());
        } else if (Values.isIntegral(input)) {
            resultType = SparkType.Atomic.LONG;
        } else if (Values.isFractional(input) || input == SparkType.Atomic.NULL) {
            resultType = SparkType.Atomic.DOUBLE;
        } else {
            throw new IllegalArgumentException("sum needs a numeric argument, not " + input.typeName());
        }
    }

    @Override
    public SparkType resultType() {
        return resultType;
    }

    private boolean decimal() {
        return resultType instanceof SparkType.Decimal;
    }

    @Override
    public List<SparkType.Field> bufferFields() {
        SparkType.Field sum = new SparkType.Field("sum", resultType, true);
        return decimal() ? List.of(sum, new SparkType.Field("isEmpty", SparkType.Atomic.BOOLEAN, false)) : List.of(sum);
    }

    @Override
    public Object[] initialBuffer() {
        return decimal() ? new Object[]{BigDecimal.ZERO.setScale(((SparkType.Decimal) resultType).scale()), true}
                : new Object[]{null};
    }

    @Override
    public void update(Object[] buffer, Object input) {
        if (input == null) {
            return;
        }
        if (decimal()) {
            BigDecimal sum = (BigDecimal) buffer[0];
            // after an overflow (non-ANSI) the sum stays NULL, as Spark's does
            buffer[0] = sum == null && !Boolean.TRUE.equals(buffer[1]) ? null
                    : DecimalMath.fit((sum == null ? BigDecimal.ZERO : sum).add(Values.toBigDecimal(input)),
                    (SparkType.Decimal) resultType, ansi);
            buffer[1] = false;
        } else if (resultType == SparkType.Atomic.LONG) {
            long sum = buffer[0] == null ? 0 : (Long) buffer[0];
            long value = ((Number) input).longValue();
            if (ansi) {
                try {
                    buffer[0] = Math.addExact(sum, value);
                } catch (ArithmeticException e) {
                    throw new ReplayRuntimeException("[ARITHMETIC_OVERFLOW] long overflow. Use 'try_sum' to tolerate "
                            + "overflow and return NULL instead.");
                }
            } else {
                buffer[0] = sum + value;
            }
        } else {
            buffer[0] = (buffer[0] == null ? 0.0 : (Double) buffer[0]) + ((Number) input).doubleValue();
        }
    }

    @Override
    public Object result(Object[] buffer) {
        if (decimal() && Boolean.TRUE.equals(buffer[1])) {
            return null;
        }
        return buffer[0];
    }

    @Override
    public void merge(Object[] into, Object[] other) {
        if (decimal()) {
            if (Boolean.TRUE.equals(other[1])) {
                return; // nothing was added to the other buffer
            }
            if (other[0] == null) {
                into[0] = null; // the other sum overflowed (non-ANSI): the merged sum is NULL, as Spark's
                into[1] = false;
                return;
            }
        } else if (other[0] == null) {
            return;
        }
        update(into, other[0]);
    }
}
