package io.streamscope.ui.follow;

import io.streamscope.ui.display.HoverTooltip;
import javafx.scene.control.ToggleButton;

/** The header's {@code #followToggle}: follow mode on and off (F5), its tooltip saying what it follows how. */
public final class FollowToggle {

    private FollowToggle() {
    }

    public static ToggleButton create(FollowViewModel follow) {
        ToggleButton button = new ToggleButton("Follow");
        button.setId("followToggle");
        button.setMnemonicParsing(false);
        button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        button.getStyleClass().add("follow-toggle");
        button.selectedProperty().bindBidirectional(follow.followingProperty());
        HoverTooltip.follow(button, follow.statusProperty());
        return button;
    }
}
