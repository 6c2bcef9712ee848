import { LIFE_AREAS } from "../plans.ts";
/**
 * The built-in onboarding questions, one set per life area. Used when no language model is
 * configured, and as the fallback when the model's answer is unusable. Each question carries
 * the short label the context composer uses to write the profile.
 */
export type BuiltInQuestion = { question: string; placeholder: string; label: string };
export type QuestionSet = {
  /** How the area is named in text ("your career assistant"). */
  name: string;
  /** What the assistant for this area helps with, completing "It will help with …". */
  focus: string;
  questions: BuiltInQuestion[];
};

/** Every life area has an onboarding question set (the one list lives in plans.ts). */
export const ONBOARDING_DOMAINS = LIFE_AREAS;
export type OnboardingDomain = (typeof ONBOARDING_DOMAINS)[number];

export const QUESTION_SETS: Record<OnboardingDomain, QuestionSet> = {
  productivity: {
    name: "productivity",
    focus: "planning realistic days, protecting focus time and getting started on hard tasks",
    questions: [
      {
        label: "Priorities this month",
        question: "What are the most important things you want to get done in the next month?",
        placeholder: "e.g. Finish the grant application and clear my inbox backlog",
      },
      {
        label: "Typical day",
        question: "What does a typical weekday look like for you, from waking up to winding down?",
        placeholder: "e.g. Up at 7, school run, work 9–5 with lots of meetings, tired by 9 pm",
      },
      {
        label: "Best hours",
        question: "When during the day do you have the most energy and focus?",
        placeholder: "e.g. Mornings before 11, and a second wind around 4 pm",
      },
      {
        label: "What gets in the way",
        question: "What usually gets in the way when you plan to do something?",
        placeholder: "e.g. I underestimate how long things take and get pulled into messages",
      },
      {
        label: "What has worked before",
        question: "What has helped you stay on track in the past, even for a little while?",
        placeholder: "e.g. A short list the night before, working in a café",
      },
    ],
  },
  fitness: {
    name: "fitness",
    focus: "training plans that fit your week, steady progress and staying consistent",
    questions: [
      {
        label: "Fitness goal",
        question: "What would you like your fitness to look like six months from now?",
        placeholder: "e.g. Run 5 km without stopping and feel stronger carrying the kids",
      },
      {
        label: "Current activity",
        question: "How active are you right now, and what kind of exercise do you do?",
        placeholder: "e.g. Walk 20 minutes a day, used to swim but stopped last year",
      },
      {
        label: "Time available",
        question: "How many days a week, and how long each time, can you realistically train?",
        placeholder: "e.g. 3 days, about 40 minutes, weekday evenings",
      },
      {
        label: "Limits to respect",
        question: "Are there injuries, health conditions or limits I should keep in mind?",
        placeholder: "e.g. Sore left knee on stairs, no equipment at home",
      },
      {
        label: "What keeps you going",
        question: "What kind of exercise do you enjoy, and what makes you stop?",
        placeholder: "e.g. I like being outside; I quit when plans get too ambitious",
      },
    ],
  },
  goals: {
    name: "goals",
    focus: "turning goals into small weekly steps and keeping them moving",
    questions: [
      {
        label: "The goal",
        question: "What is one goal you really want to reach this year?",
        placeholder: "e.g. Save for a deposit on a flat",
      },
      {
        label: "Why it matters",
        question: "Why does this goal matter to you?",
        placeholder: "e.g. I want a stable home before our daughter starts school",
      },
      {
        label: "Where things stand",
        question: "Where are you with it today?",
        placeholder: "e.g. About a third saved, no clear monthly plan",
      },
      {
        label: "Obstacles",
        question: "What has stopped you from making progress so far?",
        placeholder: "e.g. Unexpected costs and losing track after a busy month",
      },
      {
        label: "Time to give it",
        question: "How much time each week can you give to this goal?",
        placeholder: "e.g. An hour on Sunday evenings",
      },
    ],
  },
  conversation: {
    name: "conversation",
    focus: "thinking things through out loud, at your pace",
    questions: [
      {
        label: "Topics to talk through",
        question: "What would you like to talk through most often?",
        placeholder: "e.g. Ideas for my side project, and everyday decisions",
      },
      {
        label: "Preferred style",
        question: "Do you prefer short, direct answers or a longer back-and-forth?",
        placeholder: "e.g. Direct, but ask me questions when I'm vague",
      },
      {
        label: "Favourite topics",
        question: "Which topics do you enjoy or know a lot about?",
        placeholder: "e.g. History, cooking, football",
      },
      {
        label: "Topics to avoid",
        question: "Is there anything you'd rather not discuss?",
        placeholder: "e.g. Politics",
      },
      {
        label: "When to chat",
        question: "When are you most likely to want a conversation?",
        placeholder: "e.g. Late evenings when I can't switch off",
      },
    ],
  },
  support: {
    name: "support",
    focus: "a calm, judgement-free place to sort out what's on your mind",
    questions: [
      {
        label: "On your mind",
        question: "What has been weighing on you lately?",
        placeholder: "e.g. Work stress and not sleeping well",
      },
      {
        label: "What helps",
        question: "What usually helps you feel a bit better when things are hard?",
        placeholder: "e.g. A walk, talking to my sister, writing things down",
      },
      {
        label: "Support wanted",
        question: "What kind of support would be most useful from me?",
        placeholder: "e.g. Help me untangle my thoughts, not advice right away",
      },
      {
        label: "People to lean on",
        question: "Who else do you lean on, and how often do you talk to them?",
        placeholder: "e.g. Two close friends, but we rarely talk during the week",
      },
      {
        label: "A good week",
        question: "What would a good week look like for you right now?",
        placeholder: "e.g. Sleeping 7 hours and one evening just for me",
      },
    ],
  },
  writing: {
    name: "writing",
    focus: "drafting, editing and finishing what you write",
    questions: [
      {
        label: "What you write",
        question: "What do you write, or want to write?",
        placeholder: "e.g. A newsletter about gardening, and work reports",
      },
      {
        label: "Audience",
        question: "Who are you writing for?",
        placeholder: "e.g. Beginners who have a small balcony",
      },
      {
        label: "Where you get stuck",
        question: "Where do you usually get stuck: starting, structuring, editing or finishing?",
        placeholder: "e.g. Starting: I stare at the blank page",
      },
      {
        label: "Voice",
        question: "How would you describe the voice or tone you want?",
        placeholder: "e.g. Warm and practical, a little funny",
      },
      {
        label: "Writing routine",
        question: "When and how often can you write?",
        placeholder: "e.g. Twenty minutes before work, three days a week",
      },
    ],
  },
  career: {
    name: "career",
    focus: "career moves, job searches and growing at work",
    questions: [
      {
        label: "Current role",
        question: "What do you do today, and how long have you been doing it?",
        placeholder: "e.g. Customer support lead for 4 years at a software company",
      },
      {
        label: "Where you want to go",
        question: "Where would you like your career to be in two years?",
        placeholder: "e.g. Working as a product manager",
      },
      {
        label: "Strengths",
        question: "What are you good at that people come to you for?",
        placeholder: "e.g. Explaining technical problems simply, calming angry customers",
      },
      {
        label: "What holds you back",
        question: "What feels like the biggest obstacle between you and that next step?",
        placeholder: "e.g. No formal experience, unsure how to show what I can do",
      },
      {
        label: "Time for career work",
        question: "How much time a week can you spend on your career outside your job?",
        placeholder: "e.g. Two evenings, about 3 hours in total",
      },
    ],
  },
  travel: {
    name: "travel",
    focus: "planning trips that fit your budget, pace and style",
    questions: [
      {
        label: "Next trip",
        question: "Where would you like to go next, and roughly when?",
        placeholder: "e.g. Portugal in September for a week",
      },
      {
        label: "Travel style",
        question: "What kind of traveller are you: planned, spontaneous, or somewhere between?",
        placeholder: "e.g. I like a rough plan with free afternoons",
      },
      {
        label: "Budget",
        question: "What budget do you have in mind for the trip?",
        placeholder: "e.g. About €1,200 for two, flights included",
      },
      {
        label: "Who's going",
        question: "Who is travelling with you, and what do they enjoy?",
        placeholder: "e.g. My partner, who loves food markets and hates early starts",
      },
      {
        label: "Must-haves and avoid",
        question: "What makes a trip great for you, and what do you want to avoid?",
        placeholder: "e.g. Good food and walking; avoid long drives",
      },
    ],
  },
  relationships: {
    name: "relationships",
    focus: "staying close to the people who matter and handling hard conversations",
    questions: [
      {
        label: "Relationships in focus",
        question: "Which relationships would you like to put more care into?",
        placeholder: "e.g. My partner and my oldest friends",
      },
      {
        label: "What's going well",
        question: "What is going well in those relationships?",
        placeholder: "e.g. We laugh a lot and trust each other",
      },
      {
        label: "What's hard",
        question: "What feels difficult or stuck right now?",
        placeholder: "e.g. We argue about chores and rarely have time alone",
      },
      {
        label: "Handling disagreements",
        question: "How do you tend to handle disagreements?",
        placeholder: "e.g. I go quiet and bring it up days later",
      },
      {
        label: "Hoped-for change",
        question: "What would you like to be different in three months?",
        placeholder: "e.g. A weekly evening together and calmer conversations",
      },
    ],
  },
  nutrition: {
    name: "nutrition",
    focus: "simple meals, realistic shopping and eating in a way that feels good",
    questions: [
      {
        label: "Nutrition goal",
        question: "What would you like to change about how you eat?",
        placeholder: "e.g. Cook more at home and snack less in the afternoon",
      },
      {
        label: "A typical day of eating",
        question: "What does a normal day of eating look like for you?",
        placeholder: "e.g. Coffee, skip breakfast, sandwich at my desk, takeaway most nights",
      },
      {
        label: "Dietary needs",
        question: "Do you have any allergies, intolerances or foods you don't eat?",
        placeholder: "e.g. Vegetarian, lactose intolerant",
      },
      {
        label: "Cooking time and skill",
        question: "How much time and confidence do you have for cooking?",
        placeholder: "e.g. 20 minutes on weeknights, I can follow simple recipes",
      },
      {
        label: "Household and budget",
        question: "Who do you cook for, and what is your weekly food budget?",
        placeholder: "e.g. Me and two teenagers, about $150 a week",
      },
    ],
  },
  learning: {
    name: "learning",
    focus: "learning plans, practice schedules and remembering what you learn",
    questions: [
      {
        label: "Learning goal",
        question: "What would you like to learn?",
        placeholder: "e.g. Conversational Spanish",
      },
      {
        label: "Why and by when",
        question: "Why do you want to learn it, and by when?",
        placeholder: "e.g. To talk with my partner's family when we visit in June",
      },
      {
        label: "Starting point",
        question: "What do you already know about it?",
        placeholder: "e.g. A year of school Spanish, I can read simple menus",
      },
      {
        label: "How you learn best",
        question: "How do you learn best: reading, listening, doing, or with other people?",
        placeholder: "e.g. Listening and speaking, I get bored with textbooks",
      },
      {
        label: "Time to learn",
        question: "How much time can you give it each week, and when?",
        placeholder: "e.g. 15 minutes on my commute, plus an hour on Saturdays",
      },
    ],
  },
  creative: {
    name: "creative",
    focus: "making time for creative work and finishing projects",
    questions: [
      {
        label: "Creative practice",
        question: "What kind of creative work do you do or want to do?",
        placeholder: "e.g. Watercolour painting and writing songs",
      },
      {
        label: "Current project",
        question: "Is there a project you're working on or dreaming about?",
        placeholder: "e.g. An illustrated book for my nephew",
      },
      {
        label: "What blocks you",
        question: "What tends to stop you from creating?",
        placeholder: "e.g. Perfectionism, and feeling it's not a good use of time",
      },
      {
        label: "When you create",
        question: "When do you feel most creative, and how much time can you give it?",
        placeholder: "e.g. Sunday mornings, a couple of hours",
      },
      {
        label: "What success looks like",
        question: "What would make you proud of your creative work this year?",
        placeholder: "e.g. Finishing ten paintings and showing them to friends",
      },
    ],
  },
};
