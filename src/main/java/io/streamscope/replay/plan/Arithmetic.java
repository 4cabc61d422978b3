package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.sparktypes.SparkType;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The values of {@code + - * / %} and unary minus, with Spark 4's ANSI behaviour when {@code ansi} is on (division by
 * zero and overflow are errors) and the legacy one otherwise (NULL, and integers wrap).
 */
final class Arithmetic {

    private static final MathContext DIVISION = new MathContext(DecimalMath.MAX_PRECISION, RoundingMode.HALF_UP);

    private Arithmetic() {
    }

    static Object negate(Object value, boolean ansi) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal d) {
            return d.negate();
        }
        if (value instanceof Double d) {
            return -d;
        }
        if (value instanceof Float f) {
            return -f;
        }
        if (value instanceof Long l) {
            return ansi ? Math.negateExact(l) : -l;
        }
        if (value instanceof Integer i) {
            return ansi ? Math.negateExact(i) : -i;
        }
        if (value instanceof Short s) {
            return (short) -s;
        }
        return (byte) -((Byte) value);
    }

    static Object fractional(Expr.BinaryOp op, Object a, Object b, SparkType type, boolean ansi) {
        if (a == null || b == null) {
            return null;
        }
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        if ((op == Expr.BinaryOp.DIVIDE || op == Expr.BinaryOp.REMAINDER) && y == 0) {
            return divideByZero(ansi);
        }
        double result = switch (op) {
            case ADD -> x + y;
            case SUBTRACT -> x - y;
            case MULTIPLY -> x * y;
            case DIVIDE -> x / y;
            default -> x % y;
        };
        return type == SparkType.Atomic.FLOAT ? (Object) (float) result : (Object) result;
    }

    static Object decimal(Expr.BinaryOp op, Object a, Object b, SparkType.Decimal type, boolean ansi) {
        if (a == null || b == null) {
            return null;
        }
        BigDecimal x = Values.toBigDecimal(a);
        BigDecimal y = Values.toBigDecimal(b);
        if ((op == Expr.BinaryOp.DIVIDE || op == Expr.BinaryOp.REMAINDER) && y.signum() == 0) {
            return divideByZero(ansi);
        }
        BigDecimal exact = switch (op) {
            case ADD -> x.add(y);
            case SUBTRACT -> x.subtract(y);
            case MULTIPLY -> x.multiply(y);
            case DIVIDE -> x.divide(y, DIVISION);
            default -> x.remainder(y);
        };
        return DecimalMath.fit(exact, type, ansi);
    }

    static Object integral(Expr.BinaryOp op, Object a, Object b, SparkType type, boolean ansi) {
        if (a == null || b == null) {
            return null;
        }
        long x = ((Number) a).longValue();
        long y = ((Number) b).longValue();
        if (op == Expr.BinaryOp.REMAINDER && y == 0) {
            return divideByZero(ansi);
        }
        long result = switch (op) {
            case ADD -> x + y;
            case SUBTRACT -> x - y;
            case MULTIPLY -> x * y;
            default -> x % y;
        };
        boolean overflow = switch ((SparkType.Atomic) type) {
            case LONG -> op == Expr.BinaryOp.MULTIPLY ? multiplyOverflows(x, y)
                    : op != Expr.BinaryOp.REMAINDER && ((x ^ result) & ((op == Expr.BinaryOp.ADD ? y : -y) ^ result)) < 0;
            case INTEGER -> result != (int) result;
            case SHORT -> result != (short) result;
            default -> result != (byte) result;
        };
        if (overflow && ansi) {
            throw new ReplayRuntimeException("[ARITHMETIC_OVERFLOW] " + type.typeName() + " overflow. Use 'try_"
                    + op.name().toLowerCase() + "' to tolerate overflow and return NULL instead.");
        }
        return switch ((SparkType.Atomic) type) {
            case LONG -> result;
            case INTEGER -> (int) result;
            case SHORT -> (short) result;
            default -> (byte) result;
        };
    }

    private static boolean multiplyOverflows(long x, long y) {
        try {
            Math.multiplyExact(x, y);
            return false;
        } catch (ArithmeticException e) {
            return true;
        }
    }

    private static Object divideByZero(boolean ansi) {
        if (ansi) {
            throw new ReplayRuntimeException("[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor "
                    + "being 0 and return NULL instead.");
        }
        return null;
    }
}
