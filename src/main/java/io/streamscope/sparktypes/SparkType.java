package io.streamscope.sparktypes;

import java.util.List;
import java.util.Objects;

/**
 * A Spark SQL data type, as Spark's {@code DataType.json} spells it. Shared by the state decoder (UnsafeRow), the
 * topic decoder ({@code from_json}) and the replay.
 */
public sealed interface SparkType {

    /** The name Spark prints in its JSON and DDL ({@code integer}, {@code decimal(10,2)}, {@code struct}…). */
    String typeName();

    /** The types without parameters. */
    enum Atomic implements SparkType {
        BOOLEAN("boolean"), BYTE("byte"), SHORT("short"), INTEGER("integer"), LONG("long"), FLOAT("float"),
        DOUBLE("double"), STRING("string"), BINARY("binary"), DATE("date"), TIMESTAMP("timestamp"),
        TIMESTAMP_NTZ("timestamp_ntz"), CALENDAR_INTERVAL("interval"), NULL("void");

        private final String typeName;

        Atomic(String typeName) {
            this.typeName = typeName;
        }

        @Override
        public String typeName() {
            return typeName;
        }
    }

    /** {@code decimal(precision,scale)}; up to 18 digits it fits a long. */
    record Decimal(int precision, int scale) implements SparkType {
        public static final int MAX_LONG_DIGITS = 18;

        public Decimal {
            if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
                throw new IllegalArgumentException("decimal(" + precision + "," + scale + ") is not a valid decimal type");
            }
        }

        public boolean fitsInLong() {
            return precision <= MAX_LONG_DIGITS;
        }

        @Override
        public String typeName() {
            return "decimal(" + precision + "," + scale + ")";
        }
    }

    record Array(SparkType elementType, boolean containsNull) implements SparkType {
        public Array {
            Objects.requireNonNull(elementType);
        }

        @Override
        public String typeName() {
            return "array";
        }
    }

    record MapType(SparkType keyType, SparkType valueType, boolean valueContainsNull) implements SparkType {
        public MapType {
            Objects.requireNonNull(keyType);
            Objects.requireNonNull(valueType);
        }

        @Override
        public String typeName() {
            return "map";
        }
    }

    record Field(String name, SparkType type, boolean nullable) {
        public Field {
            Objects.requireNonNull(name);
            Objects.requireNonNull(type);
        }
    }

    record Struct(List<Field> fields) implements SparkType {
        public Struct {
            fields = List.copyOf(fields);
        }

        public int size() {
            return fields.size();
        }

        public Field field(int index) {
            return fields.get(index);
        }

        public int indexOf(String name) {
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public String typeName() {
            return "struct";
        }
    }

    /** A type this version cannot decode ({@code variant}, a user-defined type…): its values are shown as bytes. */
    record Unsupported(String typeName) implements SparkType {
    }
}
