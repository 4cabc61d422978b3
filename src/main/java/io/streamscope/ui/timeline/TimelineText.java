package io.streamscope.ui.timeline;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The words of the timeline: labels, the "will replay" explanation and the tooltip of a column. Pure. */
public final class TimelineText {

    public static final String NO_VALUE = "—";
    public static final String WILL_REPLAY = "will replay";

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private TimelineText() {
    }

    /** "Batch 2 of 0–2", or "No batches". */
    public static String batchLabel(TimelineData data, int selected) {
        if (data.isEmpty()) {
            return "No batches";
        }
        String range = data.batches().get(0).id() + "–" + data.batches().get(data.size() - 1).id();
        if (selected < 0) {
            return "Batches " + range;
        }
        return "Batch " + data.batches().get(selected).id() + " of " + range;
    }

    /** UTC wall clock, or {@link #NO_VALUE} for 0, which Spark writes when there is no watermark or no time. */
    public static String clock(long epochMs) {
        return epochMs == 0 ? NO_VALUE : CLOCK.format(Instant.ofEpochMilli(epochMs));
    }

    public static String instant(long epochMs) {
        return epochMs == 0 ? NO_VALUE : Instant.ofEpochMilli(epochMs).toString();
    }

    public static String rows(long rows) {
        return rows == 1 ? "1 row" : String.format("%,d rows", rows);
    }

    /** What a lane of the timeline means, for its tooltip in the margin. */
    public static String laneHelp(TimelineGeometry.Part part, String laneLabel) {
        return switch (part) {
            case HEADER -> "Each column is one micro-batch: its id, and when it ran (UTC)";
            case INPUT -> laneLabel == null ? "The rows each batch read, per partition"
                    : "The rows each batch read from " + laneLabel + ": the bar is as long as the row count, "
                    + "and start → end are the offsets (the end is the next offset to read)";
            case OFFSETS -> "Spark writes offsets/N before it runs batch N: the plan of exactly what the batch reads";
            case COMMIT -> "Spark writes commits/N once batch N has finished. Without it the batch will replay: "
                    + "on restart Spark runs it again with the same offsets";
            case STATE -> "The state store version the batch wrote: batch N writes version N+1";
            case WATERMARK -> "The event-time watermark the batch ran with (UTC); — means none yet";
            default -> null;
        };
    }

    /** Why a batch with offsets and no commit matters. */
    public static String willReplayExplanation(TimelineData data, TimelineBatch batch) {
        long id = batch.id();
        String offsets = offsetsSummary(data.lanes(), batch);
        return "Batch " + id + " will replay: Spark wrote offsets/" + id + " but no commits/" + id
                + ", so the batch did not finish. When the query restarts, Spark runs batch " + id
                + " again with exactly the same offsets" + (offsets.isEmpty() ? "" : " (" + offsets + ")")
                + ", and the sink may receive its rows a second time.";
    }

    /** The tooltip of a column: everything the timeline shows of the batch, in words. */
    public static String describe(TimelineData data, TimelineBatch batch) {
        StringBuilder text = new StringBuilder("Batch ").append(batch.id());
        if (batch.timestampMs() != 0) {
            text.append(" · ").append(instant(batch.timestampMs()));
        }
        List<Lane> lanes = data.lanes();
        for (int i = 0; i < lanes.size(); i++) {
            LaneCell cell = batch.cells().get(i);
            if (cell != null) {
                text.append('\n').append(lanes.get(i).label()).append(": ").append(cell.offsetsText());
                if (cell.hasRows()) {
                    text.append(" (").append(rows(cell.rows())).append(')');
                }
            }
        }
        text.append('\n').append(batch.offsetsWritten() ? "offsets/" + batch.id() + " written"
                : batch.offsetsDamaged() ? "offsets/" + batch.id() + " is damaged: see Problems"
                : "offsets/" + batch.id() + " not on disk (purged by retention, or never written)");
        if (batch.commitDamaged()) {
            text.append('\n').append("commits/").append(batch.id()).append(" is there (the batch finished) but damaged: see Problems");
        } else if (batch.committed()) {
            text.append('\n').append("committed (commits/").append(batch.id()).append(')');
        } else if (batch.willReplay()) {
            text.append('\n').append(willReplayExplanation(data, batch));
        } else {
            text.append('\n').append("no commit");
        }
        if (batch.hasState()) {
            text.append('\n').append("state version ").append(batch.stateVersion())
                    .append(batch.stateVersionOnDisk() ? "" : " (not on disk)");
        }
        text.append('\n').append("watermark ").append(instant(batch.watermarkMs()));
        return text.toString();
    }

    private static String offsetsSummary(List<Lane> lanes, TimelineBatch batch) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lanes.size(); i++) {
            LaneCell cell = batch.cells().get(i);
            if (cell != null) {
                if (!text.isEmpty()) {
                    text.append(", ");
                }
                text.append(lanes.get(i).label()).append(' ').append(cell.offsetsText());
            }
        }
        return text.toString();
    }
}
