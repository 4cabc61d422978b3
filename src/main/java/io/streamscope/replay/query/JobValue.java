package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.Map;

/** A value a job's variable holds, as {@link JobParser} reads it. */
sealed interface JobValue {
    record Text(String text) implements JobValue {
    }

    record Schema(SparkType.Struct schema) implements JobValue {
    }

    /** A DataFrame: {@code name} is the variable (or {@code spark}) it is read through, {@code alias} its alias. */
    record Frame(JobFrame frame, String name, String alias) implements JobValue {
        String qualifier() {
            return alias != null ? alias : name;
        }
    }

    /** A dict or Scala {@code Map} of texts ({@code kafka_options = {"subscribe": "orders", …}}). */
    record Dict(Map<String, String> entries) implements JobValue {
    }

    /** A column expression held in a variable ({@code condition = expr("…")}). */
    record Column(Expr expr) implements JobValue {
    }

    record Session() implements JobValue {
    }

    record Other() implements JobValue {
    }
}
