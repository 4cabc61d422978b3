package io.streamscope.ui.inspector;

import io.streamscope.replay.lab.TableOutcome;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;

import java.util.stream.Collectors;

/** The foreachBatch lab's lines, one per way of writing. No JavaFX. */
public final class LabText {

    private LabText() {
    }

    /** "Plain append (Version A): 7 rows after the crash, 9 after the restart — twice: … \n why". */
    public static String describe(TableOutcome table) {
        String name = switch (table.write()) {
            case APPEND -> "Plain append (Version A)";
            case MERGE -> "MERGE (Version B)";
            case BATCH_ID_LOG -> "Batch-id log (idempotent writes)";
        };
        String twice = table.duplicates().isEmpty() ? ", no row twice"
                : " — twice: " + table.duplicates().stream().map(LabText::brief).collect(Collectors.joining(", "));
        return name + ": " + rows(table.afterCrash().size()) + " after the crash, " + rows(table.afterRestart().size())
                + " after the restart" + twice + ".\n" + capitalised(table.reason()) + ".";
    }

    private static String brief(Row row) {
        return SparkJson.text(row);
    }

    private static String rows(int count) {
        return count + (count == 1 ? " row" : " rows");
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
