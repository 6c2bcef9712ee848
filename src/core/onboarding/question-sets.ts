import { LIFE_AREAS } from "../plans.ts";
/**
 * The built-in onboarding questions, one set per life area. Used when no language model is
 * configured, and as the fallback when the model's answer is unusable. Each question carries
 * a short label and the sentence the context composer writes the profile with.
 */
export type BuiltInQuestion = {
  question: string;
  placeholder: string;
  label: string;
  /**
   * The summary's sentence for this answer, `{}` standing for the person's words (quoted):
   * "Today you work as {}." Written to read whatever the answer's grammar.
   */
  sentence: string;
};
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
        sentence: "This month, what matters most to you is {}.",
        question: "What are the most important things you want to get done in the next month?",
        placeholder: "e.g. Finish the grant application and clear my inbox backlog",
      },
      {
        label: "Typical day",
        sentence: "A typical weekday for you goes like this: {}.",
        question: "What does a typical weekday look like for you, from waking up to winding down?",
        placeholder: "e.g. Up at 7, school run, work 9–5 with lots of meetings, tired by 9 pm",
      },
      {
        label: "Best hours",
        sentence: "You have the most energy and focus {}.",
        question: "When during the day do you have the most energy and focus?",
        placeholder: "e.g. Mornings before 11, and a second wind around 4 pm",
      },
      {
        label: "What gets in the way",
        sentence: "What usually gets in the way is {}.",
        question: "What usually gets in the way when you plan to do something?",
        placeholder: "e.g. I underestimate how long things take and get pulled into messages",
      },
      {
        label: "What has worked before",
        sentence: "What has helped you stay on track before is {}.",
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
        sentence: "In six months you'd like your fitness to look like this: {}.",
        question: "What would you like your fitness to look like six months from now?",
        placeholder: "e.g. Run 5 km without stopping and feel stronger carrying the kids",
      },
      {
        label: "Current activity",
        sentence: "Right now, your activity is {}.",
        question: "How active are you right now, and what kind of exercise do you do?",
        placeholder: "e.g. Walk 20 minutes a day, used to swim but stopped last year",
      },
      {
        label: "Time available",
        sentence: "You can realistically train {}.",
        question: "How many days a week, and how long each time, can you realistically train?",
        placeholder: "e.g. 3 days, about 40 minutes, weekday evenings",
      },
      {
        label: "Limits to respect",
        sentence: "The limits to respect are {}.",
        question: "Are there injuries, health conditions or limits I should keep in mind?",
        placeholder: "e.g. Sore left knee on stairs, no equipment at home",
      },
      {
        label: "What keeps you going",
        sentence: "On what you enjoy and what makes you stop, you said {}.",
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
        sentence: "Your goal this year is {}.",
        question: "What is one goal you really want to reach this year?",
        placeholder: "e.g. Save for a deposit on a flat",
      },
      {
        label: "Why it matters",
        sentence: "It matters to you because {}.",
        question: "Why does this goal matter to you?",
        placeholder: "e.g. I want a stable home before our daughter starts school",
      },
      {
        label: "Where things stand",
        sentence: "Today, you're at {}.",
        question: "Where are you with it today?",
        placeholder: "e.g. About a third saved, no clear monthly plan",
      },
      {
        label: "Obstacles",
        sentence: "What has stopped you so far is {}.",
        question: "What has stopped you from making progress so far?",
        placeholder: "e.g. Unexpected costs and losing track after a busy month",
      },
      {
        label: "Time to give it",
        sentence: "You can give it {} each week.",
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
        sentence: "You'd like to talk through {}.",
        question: "What would you like to talk through most often?",
        placeholder: "e.g. Ideas for my side project, and everyday decisions",
      },
      {
        label: "Preferred style",
        sentence: "On answers, you prefer {}.",
        question: "Do you prefer short, direct answers or a longer back-and-forth?",
        placeholder: "e.g. Direct, but ask me questions when I'm vague",
      },
      {
        label: "Favourite topics",
        sentence: "You enjoy or know a lot about {}.",
        question: "Which topics do you enjoy or know a lot about?",
        placeholder: "e.g. History, cooking, football",
      },
      {
        label: "Topics to avoid",
        sentence: "You'd rather not discuss {}.",
        question: "Is there anything you'd rather not discuss?",
        placeholder: "e.g. Politics",
      },
      {
        label: "When to chat",
        sentence: "You're most likely to want a conversation {}.",
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
        sentence: "Lately, {} has been weighing on you.",
        question: "What has been weighing on you lately?",
        placeholder: "e.g. Work stress and not sleeping well",
      },
      {
        label: "What helps",
        sentence: "When things are hard, what helps is {}.",
        question: "What usually helps you feel a bit better when things are hard?",
        placeholder: "e.g. A walk, talking to my sister, writing things down",
      },
      {
        label: "Support wanted",
        sentence: "The support you'd find most useful is {}.",
        question: "What kind of support would be most useful from me?",
        placeholder: "e.g. Help me untangle my thoughts, not advice right away",
      },
      {
        label: "People to lean on",
        sentence: "On who you lean on, you said {}.",
        question: "Who else do you lean on, and how often do you talk to them?",
        placeholder: "e.g. Two close friends, but we rarely talk during the week",
      },
      {
        label: "A good week",
        sentence: "A good week right now would look like {}.",
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
        sentence: "You write, or want to write, {}.",
        question: "What do you write, or want to write?",
        placeholder: "e.g. A newsletter about gardening, and work reports",
      },
      {
        label: "Audience",
        sentence: "You're writing for {}.",
        question: "Who are you writing for?",
        placeholder: "e.g. Beginners who have a small balcony",
      },
      {
        label: "Where you get stuck",
        sentence: "You usually get stuck at {}.",
        question: "Where do you usually get stuck: starting, structuring, editing or finishing?",
        placeholder: "e.g. Starting: I stare at the blank page",
      },
      {
        label: "Voice",
        sentence: "The voice you want is {}.",
        question: "How would you describe the voice or tone you want?",
        placeholder: "e.g. Warm and practical, a little funny",
      },
      {
        label: "Writing routine",
        sentence: "You can write {}.",
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
        sentence: "Today you work as {}.",
        question: "What do you do today, and how long have you been doing it?",
        placeholder: "e.g. Customer support lead for 4 years at a software company",
      },
      {
        label: "Where you want to go",
        sentence: "In two years you'd like to be at {}.",
        question: "Where would you like your career to be in two years?",
        placeholder: "e.g. Working as a product manager",
      },
      {
        label: "Strengths",
        sentence: "People come to you for {}.",
        question: "What are you good at that people come to you for?",
        placeholder: "e.g. Explaining technical problems simply, calming angry customers",
      },
      {
        label: "What holds you back",
        sentence: "The biggest obstacle to your next step is {}.",
        question: "What feels like the biggest obstacle between you and that next step?",
        placeholder: "e.g. No formal experience, unsure how to show what I can do",
      },
      {
        label: "Time for career work",
        sentence: "Outside your job you can give your career {} a week.",
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
        sentence: "Your next trip would be {}.",
        question: "Where would you like to go next, and roughly when?",
        placeholder: "e.g. Portugal in September for a week",
      },
      {
        label: "Travel style",
        sentence: "As a traveller you're {}.",
        question: "What kind of traveller are you: planned, spontaneous, or somewhere between?",
        placeholder: "e.g. I like a rough plan with free afternoons",
      },
      {
        label: "Budget",
        sentence: "Your budget in mind is {}.",
        question: "What budget do you have in mind for the trip?",
        placeholder: "e.g. About €1,200 for two, flights included",
      },
      {
        label: "Who's going",
        sentence: "You're travelling with {}.",
        question: "Who is travelling with you, and what do they enjoy?",
        placeholder: "e.g. My partner, who loves food markets and hates early starts",
      },
      {
        label: "Must-haves and avoid",
        sentence: "What makes a trip great for you, and what you'd avoid, comes down to {}.",
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
        sentence: "You'd like to put more care into {}.",
        question: "Which relationships would you like to put more care into?",
        placeholder: "e.g. My partner and my oldest friends",
      },
      {
        label: "What's going well",
        sentence: "What's going well is {}.",
        question: "What is going well in those relationships?",
        placeholder: "e.g. We laugh a lot and trust each other",
      },
      {
        label: "What's hard",
        sentence: "What feels difficult right now is {}.",
        question: "What feels difficult or stuck right now?",
        placeholder: "e.g. We argue about chores and rarely have time alone",
      },
      {
        label: "Handling disagreements",
        sentence: "When you disagree, you tend to {}.",
        question: "How do you tend to handle disagreements?",
        placeholder: "e.g. I go quiet and bring it up days later",
      },
      {
        label: "Hoped-for change",
        sentence: "In three months you'd like {} to be different.",
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
        sentence: "About how you eat, you'd like to change {}.",
        question: "What would you like to change about how you eat?",
        placeholder: "e.g. Cook more at home and snack less in the afternoon",
      },
      {
        label: "A typical day of eating",
        sentence: "A normal day of eating for you is {}.",
        question: "What does a normal day of eating look like for you?",
        placeholder: "e.g. Coffee, skip breakfast, sandwich at my desk, takeaway most nights",
      },
      {
        label: "Dietary needs",
        sentence: "You avoid or can't eat {}.",
        question: "Do you have any allergies, intolerances or foods you don't eat?",
        placeholder: "e.g. Vegetarian, lactose intolerant",
      },
      {
        label: "Cooking time and skill",
        sentence: "For cooking, you have {}.",
        question: "How much time and confidence do you have for cooking?",
        placeholder: "e.g. 20 minutes on weeknights, I can follow simple recipes",
      },
      {
        label: "Household and budget",
        sentence: "On who you cook for and your budget, you said {}.",
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
        sentence: "You'd like to learn {}.",
        question: "What would you like to learn?",
        placeholder: "e.g. Conversational Spanish",
      },
      {
        label: "Why and by when",
        sentence: "Your reason and timing are {}.",
        question: "Why do you want to learn it, and by when?",
        placeholder: "e.g. To talk with my partner's family when we visit in June",
      },
      {
        label: "Starting point",
        sentence: "You already know {}.",
        question: "What do you already know about it?",
        placeholder: "e.g. A year of school Spanish, I can read simple menus",
      },
      {
        label: "How you learn best",
        sentence: "You learn best {}.",
        question: "How do you learn best: reading, listening, doing, or with other people?",
        placeholder: "e.g. Listening and speaking, I get bored with textbooks",
      },
      {
        label: "Time to learn",
        sentence: "You can give it {} each week.",
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
        sentence: "Your creative work is {}.",
        question: "What kind of creative work do you do or want to do?",
        placeholder: "e.g. Watercolour painting and writing songs",
      },
      {
        label: "Current project",
        sentence: "The project you're working on or dreaming about is {}.",
        question: "Is there a project you're working on or dreaming about?",
        placeholder: "e.g. An illustrated book for my nephew",
      },
      {
        label: "What blocks you",
        sentence: "What tends to stop you creating is {}.",
        question: "What tends to stop you from creating?",
        placeholder: "e.g. Perfectionism, and feeling it's not a good use of time",
      },
      {
        label: "When you create",
        sentence: "You feel most creative {}.",
        question: "When do you feel most creative, and how much time can you give it?",
        placeholder: "e.g. Sunday mornings, a couple of hours",
      },
      {
        label: "What success looks like",
        sentence: "This year you'd be proud of {}.",
        question: "What would make you proud of your creative work this year?",
        placeholder: "e.g. Finishing ten paintings and showing them to friends",
      },
    ],
  },
};
