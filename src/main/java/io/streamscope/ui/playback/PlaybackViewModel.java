package io.streamscope.ui.playback;

import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.util.Duration;

import java.util.List;

/**
 * Playback over the timeline: play advances one batch per tick at the chosen speed and stops at the last batch;
 * the step commands pause first. No controls; FX thread only.
 */
public final class PlaybackViewModel {

    /** Seconds per batch at 1×: time enough to say what the batch did. */
    public static final double SECONDS_PER_BATCH = 1.5;
    /** The speeds offered in the window (any positive speed works). */
    public static final List<Double> SPEEDS = List.of(0.25, 0.5, 1.0, 2.0, 4.0, 8.0);

    private final TimelineViewModel timeline;
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing", false);
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1.0);
    private Timeline ticker;

    public PlaybackViewModel(TimelineViewModel timeline) {
        this.timeline = timeline;
        speed.addListener((property, old, value) -> {
            if (value.doubleValue() <= 0) {
                speed.set(old.doubleValue());
            }
        });
        timeline.dataProperty().addListener((property, old, data) -> pause());
    }

    public void togglePlay() {
        if (playing.get()) {
            pause();
        } else {
            play();
        }
    }

    /** Starts playing; from the first batch when the last one is selected. */
    public void play() {
        if (timeline.batches().isEmpty() || playing.get()) {
            return;
        }
        if (timeline.isAtLast()) {
            timeline.selectFirst();
        }
        if (ticker == null) {
            ticker = new Timeline(new KeyFrame(Duration.seconds(SECONDS_PER_BATCH), event -> tick()));
            ticker.setCycleCount(Animation.INDEFINITE);
            speed.addListener((property, old, value) -> ticker.setRate(value.doubleValue()));
        }
        ticker.setRate(speed.get());
        playing.set(true);
        ticker.stop();
        ticker.play();
    }

    public void pause() {
        if (ticker != null) {
            ticker.stop();
        }
        playing.set(false);
    }

    void tick() {
        timeline.selectNext();
        if (timeline.isAtLast()) {
            pause();
        }
    }

    public void stepForward() {
        pause();
        timeline.selectNext();
    }

    public void stepBack() {
        pause();
        timeline.selectPrevious();
    }

    public void first() {
        pause();
        timeline.selectFirst();
    }

    public void last() {
        pause();
        timeline.selectLast();
    }

    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    public boolean isPlaying() {
        return playing.get();
    }

    /** Batches per {@link #SECONDS_PER_BATCH} seconds: 2 plays twice as fast. */
    public DoubleProperty speedProperty() {
        return speed;
    }
}
