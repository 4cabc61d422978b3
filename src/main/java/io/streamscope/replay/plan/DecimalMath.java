package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Spark's decimal arithmetic ({@code DecimalPrecision}, {@code spark.sql.decimalOperations.allowPrecisionLoss} on):
 * the result type of each operator, bounded to 38 digits, and values rounded half-up to the result scale.
 */
public final class DecimalMath {

    public static final int MAX_PRECISION = 38;
    private static final int MINIMUM_ADJUSTED_SCALE = 6;

    private DecimalMath() {
    }

    /** The decimal type an integral type widens to ({@code int} → {@code decimal(10,0)}). */
    public static SparkType.Decimal forIntegral(SparkType type) {
        if (type instanceof SparkType.Decimal d) {
            return d;
        }
        return switch ((SparkType.Atomic) type) {
            case BYTE -> new SparkType.Decimal(3, 0);
            case SHORT -> new SparkType.Decimal(5, 0);
            case INTEGER -> new SparkType.Decimal(10, 0);
            case LONG -> new SparkType.Decimal(20, 0);
            default -> throw new IllegalArgumentException(type.typeName() + " is not integral");
        };
    }

    /** An integer literal takes only the digits it needs ({@code DecimalType.fromLiteral}). */
    public static SparkType.Decimal forLiteral(Object value) {
        BigDecimal decimal = new BigDecimal(value.toString());
        return new SparkType.Decimal(Math.max(decimal.precision(), 1), 0);
    }

    /** {@code DecimalType.bounded}. */
    public static SparkType.Decimal bounded(int precision, int scale) {
        return new SparkType.Decimal(Math.min(precision, MAX_PRECISION), Math.min(scale, MAX_PRECISION));
    }

    public static SparkType.Decimal resultType(Expr.BinaryOp op, SparkType.Decimal left, SparkType.Decimal right) {
        int p1 = left.precision();
        int s1 = left.scale();
        int p2 = right.precision();
        int s2 = right.scale();
        return switch (op) {
            case ADD, SUBTRACT -> {
                int scale = Math.max(s1, s2);
                yield adjust(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
            }
            case MULTIPLY -> adjust(p1 + p2 + 1, s1 + s2);
            case DIVIDE -> {
                int scale = Math.max(MINIMUM_ADJUSTED_SCALE, s1 + p2 + 1);
                yield adjust(p1 - s1 + s2 + scale, scale);
            }
            case REMAINDER -> {
                int scale = Math.max(s1, s2);
                yield adjust(Math.min(p1 - s1, p2 - s2) + scale, scale);
            }
            default -> throw new IllegalArgumentException(op + " is not arithmetic");
        };
    }

    /** {@code DecimalType.adjustPrecisionScale}: keep the integral digits, give up scale down to 6. */
    static SparkType.Decimal adjust(int precision, int scale) {
        if (precision <= MAX_PRECISION) {
            return new SparkType.Decimal(Math.max(precision, 1), scale);
        }
        int intDigits = precision - scale;
        int minScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
        return new SparkType.Decimal(MAX_PRECISION, Math.max(MAX_PRECISION - intDigits, minScale));
    }

    /**
     * {@code value} rounded half-up to the type's scale; null when it needs more digits than the type has and
     * {@code ansi} is off, an {@code ARITHMETIC_OVERFLOW}-like error when it is on.
     */
    public static BigDecimal fit(BigDecimal value, SparkType.Decimal type, boolean ansi) {
        if (value == null) {
            return null;
        }
        BigDecimal rounded = value.setScale(type.scale(), RoundingMode.HALF_UP);
        if (rounded.precision() - rounded.scale() > type.precision() - type.scale()) {
            if (ansi) {
                throw new ReplayRuntimeException("[NUMERIC_VALUE_OUT_OF_RANGE] " + value.toPlainString()
                        + " cannot be represented as Decimal(" + type.precision() + ", " + type.scale() + ").");
            }
            return null;
        }
        return rounded;
    }
}
